// The API's four keys (voucher signer, minter, custody, art admin) are four accounts: readConfig
// refuses any two that are one, whether set in env or the local dev key standing in for one unset.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { PRODUCTION } from "@pixlings/test-kit/apiEnv";
import { readConfig } from "./readConfig.ts";

const own = (byte: string): `0x${string}` => `0x${byte.repeat(32)}`;
const sepolia = JSON.stringify([{ chainId: 11155111, rpcUrl: "https://rpc.sepolia.example", address: `0x${"33".repeat(20)}` }]);
/** A production config whose four keys are all its own (none a dev key). */
const APART = {
  ...PRODUCTION,
  PIXLINGS_INDEXER_CHAINS: sepolia,
  MINTER_PRIVATE_KEY: own("43"),
  CUSTODY_PRIVATE_KEY: own("44"),
  ART_ADMIN_PRIVATE_KEY: own("45"),
};

describe("readConfig: one job per key", () => {
  it("takes four keys of four accounts", () => {
    const config = readConfig(APART);
    assert.deepEqual(
      [config.sale.signerKey, config.custody?.keys?.minterKey, config.custody?.keys?.custodyKey, config.artAdminKey],
      [PRODUCTION.MINT_SIGNER_PRIVATE_KEY, own("43"), own("44"), own("45")],
    );
  });

  it("names a key of 64 hex digits that is no key (zero, or past the curve's order) instead of crashing", () => {
    for (const key of [own("00"), own("ff")]) {
      assert.throws(
        () => readConfig({ ...APART, ART_ADMIN_PRIVATE_KEY: key }),
        /ART_ADMIN_PRIVATE_KEY: not a usable private key \(zero, or not below the secp256k1 curve's order\)/,
      );
    }
  });

  it("refuses the art-admin key when it is the minter's, the custody's or the voucher signer's", () => {
    for (const name of ["MINTER_PRIVATE_KEY", "CUSTODY_PRIVATE_KEY", "MINT_SIGNER_PRIVATE_KEY"] as const) {
      assert.throws(
        () => readConfig({ ...APART, ART_ADMIN_PRIVATE_KEY: APART[name] }),
        new RegExp(`ART_ADMIN_PRIVATE_KEY: must not be the same key as ${name} \\(account 0x[0-9a-fA-F]{40}\\): each key has one job`),
        name,
      );
    }
  });

  it("refuses the minter key when it is the custody's or the voucher signer's, and custody as the signer", () => {
    assert.throws(() => readConfig({ ...APART, CUSTODY_PRIVATE_KEY: own("43") }), /CUSTODY_PRIVATE_KEY: must not be the same key as MINTER_PRIVATE_KEY/);
    assert.throws(
      () => readConfig({ ...APART, MINTER_PRIVATE_KEY: PRODUCTION.MINT_SIGNER_PRIVATE_KEY }),
      /MINTER_PRIVATE_KEY: must not be the same key as MINT_SIGNER_PRIVATE_KEY/,
    );
    assert.throws(
      () => readConfig({ ...APART, CUSTODY_PRIVATE_KEY: PRODUCTION.MINT_SIGNER_PRIVATE_KEY }),
      /CUSTODY_PRIVATE_KEY: must not be the same key as MINT_SIGNER_PRIVATE_KEY/,
    );
  });

  it("compares accounts, not spellings: the same key in capitals is refused too, with every other problem", () => {
    const shouted = `0x${own("ab").slice(2).toUpperCase()}`;
    assert.throws(
      () => readConfig({ ...APART, MINTER_PRIVATE_KEY: own("ab"), ART_ADMIN_PRIVATE_KEY: shouted, SESSION_TTL_HOURS: "x" }),
      (error: Error) => /ART_ADMIN_PRIVATE_KEY: must not be the same key as MINTER_PRIVATE_KEY/.test(error.message) && /SESSION_TTL_HOURS/.test(error.message),
    );
  });

  it("on local chains, counts the dev keys that stand in for unset ones", () => {
    const local = JSON.stringify([{ chainId: 31337, rpcUrl: "http://127.0.0.1:40123", address: `0x${"11".repeat(20)}` }]);
    assert.equal(readConfig({ PIXLINGS_INDEXER_CHAINS: local, ART_ADMIN_PRIVATE_KEY: DEV_KEYS.artAdmin }).artAdminKey, DEV_KEYS.artAdmin);
    assert.throws(
      () => readConfig({ PIXLINGS_INDEXER_CHAINS: local, ART_ADMIN_PRIVATE_KEY: DEV_KEYS.minter }),
      /ART_ADMIN_PRIVATE_KEY: must not be the same key as MINTER_PRIVATE_KEY \(unset: the local dev key\)/,
    );
    assert.throws(
      () => readConfig({ PIXLINGS_INDEXER_CHAINS: local, ART_ADMIN_PRIVATE_KEY: DEV_KEYS.signer }),
      /ART_ADMIN_PRIVATE_KEY: must not be the same key as MINT_SIGNER_PRIVATE_KEY \(unset: the local dev key\)/,
    );
  });
});
