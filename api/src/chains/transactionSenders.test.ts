import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { keccak256, toHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createTransactionSenders } from "./transactionSenders.ts";

const keyOf = (name: string): Hex => keccak256(toHex(`transactionSenders test ${name}`));
const signed = (name: string, nonce: number): Promise<Hex> =>
  privateKeyToAccount(keyOf(name)).signTransaction({
    chainId: 31337,
    nonce,
    to: "0x0000000000000000000000000000000000000001",
    gas: 21_000n,
    maxFeePerGas: 2n,
    maxPriorityFeePerGas: 1n,
  });

describe("transactionSenders", () => {
  it("finds each signed transaction's sender, and recovers the same bytes only once", async () => {
    const senders = createTransactionSenders();
    const minter = await signed("minter", 7);
    const custody = await signed("custody", 7);
    for (let look = 0; look < 3; look++) {
      assert.equal(await senders.senderOf(minter), privateKeyToAccount(keyOf("minter")).address);
      assert.equal(await senders.senderOf(custody), privateKeyToAccount(keyOf("custody")).address);
    }
    assert.equal(senders.recoveries, 2, "one recovery a transaction, however often it is looked at");
  });

  it("answers undefined for bytes that are no signed transaction", async () => {
    const senders = createTransactionSenders();
    assert.equal(await senders.senderOf("0x02c0"), undefined);
    assert.equal(await senders.senderOf("0x02c0"), undefined);
    assert.equal(senders.recoveries, 1);
  });

  it("forgets the oldest past its bound, and recovers a forgotten one again, correctly", async () => {
    const senders = createTransactionSenders(3);
    const raws = await Promise.all([0, 1, 2, 3, 4].map((nonce) => signed("minter", nonce)));
    for (const raw of raws) await senders.senderOf(raw);
    assert.equal(senders.size, 3);
    assert.equal(await senders.senderOf(raws[0]!), privateKeyToAccount(keyOf("minter")).address);
    assert.equal(senders.recoveries, 6);
    await senders.senderOf(raws[4]!);
    assert.equal(senders.recoveries, 6, "the newest is still remembered");
  });

  it("knows the sender of a transaction this process signed without recovering it", async () => {
    const senders = createTransactionSenders();
    const raw = await signed("custody", 3);
    senders.signedBy(raw, privateKeyToAccount(keyOf("custody")).address);
    assert.equal(await senders.senderOf(raw), privateKeyToAccount(keyOf("custody")).address);
    assert.equal(senders.recoveries, 0);
  });
});
