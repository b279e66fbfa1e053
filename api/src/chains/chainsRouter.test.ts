import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { CHAINS } from "@pixlings/shared/chains";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import type { ChainInfo } from "@pixlings/shared/http/sale";

const SEPOLIA_KEY = "sepolia-server-key-0123456789";
const AMOY_KEY = "amoy-server-key-9876543210";
const contract = (byte: string) => `0x${byte.repeat(20)}`;

describe("GET /api/chains", () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi(
      {
        PIXLINGS_INDEXER_CHAINS: JSON.stringify([
          { chainId: 80002, rpcUrl: `https://polygon-amoy.g.alchemy.com/v2/${AMOY_KEY}`, address: contract("22") },
          { chainId: 11155111, rpcUrl: `https://sepolia.infura.io/v3/${SEPOLIA_KEY}?key=${SEPOLIA_KEY}`, address: contract("11") },
          { chainId: 31337, rpcUrl: "http://127.0.0.1:40999", address: contract("33") },
        ]),
        AMOY_PUBLIC_RPC_URL: "https://rpc.amoy.example/",
        // Public chains on sale: the production rules apply.
        MINT_SIGNER_PRIVATE_KEY: `0x${"42".repeat(32)}`,
        SESSION_SECRET: "s".repeat(40),
        SIWE_DOMAIN: "pixlings.example",
        SIWE_URI: "https://pixlings.example",
        OIDC_ISSUER: "https://accounts.google.com",
        OIDC_CLIENT_ID: "pixlings.apps.googleusercontent.com",
        OIDC_CLIENT_SECRET: "a-real-client-secret",
        API_TRUST_PROXY: "none",
        SHOP_OPERATOR_NAME: "Pixlings Example GmbH",
        SHOP_SUPPORT_EMAIL: "support@pixlings.example",
      },
      { seedCatalogue: false },
    );
  });
  after(() => api?.close());

  it("gives browsers the public RPC URLs, never the server's keyed ones", async () => {
    const res = await fetch(`${api.url}/api/chains`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-cache");
    const text = await res.text();
    for (const key of [SEPOLIA_KEY, AMOY_KEY, "alchemy", "infura"]) assert.ok(!text.includes(key), `${key} in ${text}`);
    const chains = JSON.parse(text) as ChainInfo[];
    assert.deepEqual(
      chains.map((c) => [c.chainId, c.rpcUrl, c.primary]),
      [
        [11155111, CHAINS[11155111].chain.rpcUrls.default.http[0], true],
        [31337, "http://127.0.0.1:40999", false],
        [80002, "https://rpc.amoy.example/", false],
      ],
    );
    assert.deepEqual(chains[0], {
      chainId: 11155111,
      name: "Sepolia Testnet",
      network: "ethereum",
      coin: "ETH",
      contract: "0x1111111111111111111111111111111111111111",
      rpcUrl: CHAINS[11155111].chain.rpcUrls.default.http[0],
      explorerUrl: CHAINS[11155111].chain.blockExplorers.default.url,
      gasLabel: "Low",
      primary: true,
    });
  });
});
