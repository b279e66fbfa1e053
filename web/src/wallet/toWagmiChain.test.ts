import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { toWagmiChain } from "./toWagmiChain.ts";

const info = (overrides: Partial<ChainInfo>): ChainInfo => ({
  chainId: 31338,
  name: "Local Polygon",
  network: "polygon",
  coin: "POL",
  contract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  rpcUrl: "http://127.0.0.1:40123",
  explorerUrl: null,
  gasLabel: "Very Low",
  primary: false,
  ...overrides,
});

describe("chains handed to wagmi (and to wallet_addEthereumChain on 4902)", () => {
  it("use this deployment's RPC URL, name and explorer, with the shared chain's currency", () => {
    const chain = toWagmiChain(info({ explorerUrl: "https://explorer.example" }));
    assert.equal(chain.id, 31338);
    assert.equal(chain.name, "Local Polygon");
    assert.deepEqual(chain.rpcUrls.default.http, ["http://127.0.0.1:40123"]);
    assert.deepEqual(chain.nativeCurrency, { name: "POL", symbol: "POL", decimals: 18 });
    assert.equal(chain.blockExplorers?.default.url, "https://explorer.example");
  });

  it("replace a public chain's default RPC and explorer", () => {
    const chain = toWagmiChain(
      info({ chainId: 11155111, name: "Sepolia Testnet", network: "ethereum", coin: "ETH", rpcUrl: "https://rpc.example/key", explorerUrl: null }),
    );
    assert.deepEqual(chain.rpcUrls.default.http, ["https://rpc.example/key"]);
    assert.equal(chain.blockExplorers, undefined);
    assert.equal(chain.nativeCurrency.symbol, "ETH");
  });

  it("describe a chain the shared table does not know from the API's coin", () => {
    const chain = toWagmiChain(info({ chainId: 424242, name: "Other", coin: "ETH" }));
    assert.deepEqual(chain.nativeCurrency, { name: "ETH", symbol: "ETH", decimals: 18 });
  });
});
