import assert from "node:assert/strict";
import { test } from "node:test";
import { bytesToHex, keccak256, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { ANVIL_KEYS, DEV_KEYS, isDevKey } from "./devAccounts.ts";

/** Anvil's (and Hardhat's) default mnemonic. */
const MNEMONIC = "test test test test test test test test test test test junk";

test("ANVIL_KEYS are the 20 accounts anvil derives from its public mnemonic, in order", () => {
  const derived = Array.from({ length: 20 }, (_, addressIndex) => bytesToHex(mnemonicToAccount(MNEMONIC, { addressIndex }).getHdKey().privateKey!));
  assert.deepEqual([...ANVIL_KEYS], derived);
  assert.deepEqual(Object.values(DEV_KEYS), derived.slice(0, 5), "the roles are anvil #0..#4");
});

test("isDevKey refuses every one of the 20 keys in any case, and nothing else", () => {
  for (const [i, key] of ANVIL_KEYS.entries()) {
    assert.equal(isDevKey(key), true, `anvil #${i}`);
    assert.equal(isDevKey(key.toUpperCase()), true, `anvil #${i} upper case`);
    assert.equal(isDevKey(key.slice(2)), true, `anvil #${i} without 0x`);
  }
  assert.equal(isDevKey(keccak256(toHex("a key of its own"))), false);
  assert.equal(isDevKey(""), false);
});
