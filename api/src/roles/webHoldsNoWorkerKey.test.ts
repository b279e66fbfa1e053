// A web process holds the voucher signer's key and no other: the minter, custody and art-admin keys
// are never picked from its environment or `.env`, never parsed, never in its config; it learns the
// custody and art-admin accounts as addresses.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { privateKeyToAccount } from "viem/accounts";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { PRODUCTION } from "@pixlings/test-kit/apiEnv";
import { dropForeignSecrets } from "../config/loadApiEnv.ts";
import { readConfig } from "../config/readConfig.ts";
import { readProcessRole } from "../config/processRole.ts";

const own = (byte: string): `0x${string}` => `0x${byte.repeat(32)}`;
const KEYS = { MINTER_PRIVATE_KEY: own("43"), CUSTODY_PRIVATE_KEY: own("44"), ART_ADMIN_PRIVATE_KEY: own("45") };
const sepolia = JSON.stringify([{ chainId: 11155111, rpcUrl: "https://rpc.sepolia.example", address: `0x${"33".repeat(20)}` }]);
const CARDS = { STRIPE_SECRET_KEY: "sk_live_real", STRIPE_PUBLISHABLE_KEY: "pk_live_real", STRIPE_WEBHOOK_SECRET: "whsec_real" };
const custodyAddress = privateKeyToAccount(KEYS.CUSTODY_PRIVATE_KEY).address;
const artAdminAddress = privateKeyToAccount(KEYS.ART_ADMIN_PRIVATE_KEY).address;

/** Every string in `value` (deep), lower-cased: where a key would hide. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value.toLowerCase()];
  if (value instanceof Set || value instanceof Map) return strings([...value]);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("process roles: a web process holds no minter, custody or art-admin key", () => {
  it("a web config has none of the three keys, set in env or not, and names the custody and art-admin accounts by address", () => {
    const config = readConfig(
      { ...PRODUCTION, PIXLINGS_INDEXER_CHAINS: sepolia, ...CARDS, ...KEYS, CUSTODY_ADDRESS: custodyAddress, ART_ADMIN_ADDRESS: artAdminAddress },
      "web",
    );
    const held = strings(config);
    for (const key of [...Object.values(KEYS), DEV_KEYS.minter, DEV_KEYS.custody, DEV_KEYS.artAdmin]) {
      assert.ok(!held.some((s) => s.includes(key.slice(2).toLowerCase())), `the web config holds ${key}`);
    }
    assert.equal(config.role, "web");
    assert.equal(config.custody?.keys, undefined);
    assert.equal(config.custody?.address, custodyAddress);
    assert.equal(config.artAdminKey, undefined);
    assert.equal(config.artAdminAddress, artAdminAddress);
    // The signer's key is the web process's own.
    assert.equal(config.sale.signerKey, PRODUCTION.MINT_SIGNER_PRIVATE_KEY);
  });

  it("never parses them: a malformed key refuses a worker, not a web process", () => {
    const env = { MINTER_PRIVATE_KEY: "not a key", CUSTODY_PRIVATE_KEY: own("44"), ART_ADMIN_PRIVATE_KEY: "0x12" };
    assert.doesNotThrow(() => readConfig(env, "web"));
    assert.throws(() => readConfig(env, "worker"), /MINTER_PRIVATE_KEY: must be a 0x-prefixed 32-byte hex private key/);
    assert.throws(() => readConfig(env, "all"), /ART_ADMIN_PRIVATE_KEY/);
  });

  it("on local chains a web process takes the dev custody account, and under the production rules must be told it when cards are on", () => {
    assert.equal(readConfig({}, "web").custody?.address, privateKeyToAccount(DEV_KEYS.custody).address);
    assert.equal(readConfig({}, "web").custody?.keys, undefined);
    assert.throws(
      () => readConfig({ ...PRODUCTION, PIXLINGS_INDEXER_CHAINS: sepolia, ...CARDS, ...KEYS }, "web"),
      /CUSTODY_ADDRESS: must be set in a web process when card payments are on/,
    );
    // A worker holds the keys, and takes its custody address from them.
    const worker = readConfig({ ...PRODUCTION, PIXLINGS_INDEXER_CHAINS: sepolia, ...CARDS, ...KEYS }, "worker");
    assert.deepEqual(worker.custody?.keys, { minterKey: KEYS.MINTER_PRIVATE_KEY, custodyKey: KEYS.CUSTODY_PRIVATE_KEY });
    assert.equal(worker.custody?.address, custodyAddress);
    assert.equal(worker.artAdminAddress, artAdminAddress);
  });

  it("deletes the three keys from a web process's environment, and keeps them in a worker's", () => {
    const web: NodeJS.ProcessEnv = { ...KEYS, MINT_SIGNER_PRIVATE_KEY: own("42"), DEPLOYER_PRIVATE_KEY: own("46") };
    assert.deepEqual(dropForeignSecrets(web, "web").sort(), ["ART_ADMIN_PRIVATE_KEY", "CUSTODY_PRIVATE_KEY", "DEPLOYER_PRIVATE_KEY", "MINTER_PRIVATE_KEY"]);
    assert.deepEqual(Object.keys(web), ["MINT_SIGNER_PRIVATE_KEY"]);
    const worker: NodeJS.ProcessEnv = { ...KEYS, DEPLOYER_PRIVATE_KEY: own("46") };
    assert.deepEqual(dropForeignSecrets(worker, "worker"), ["DEPLOYER_PRIVATE_KEY"]);
    assert.deepEqual(Object.keys(worker).sort(), Object.keys(KEYS).sort());
  });

  it("reads the role from the argument, else PIXLINGS_ROLE, else all; anything else is refused by name", () => {
    assert.equal(readProcessRole([], {}), "all");
    assert.equal(readProcessRole([], { PIXLINGS_ROLE: "worker" }), "worker");
    assert.equal(readProcessRole(["web"], { PIXLINGS_ROLE: "worker" }), "web");
    assert.throws(() => readProcessRole(["admin"], {}), /Invalid API role "admin" \(the argument or PIXLINGS_ROLE\): must be one of web, worker, all/);
  });
});
