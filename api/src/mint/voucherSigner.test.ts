// Vouchers are signed by libsecp256k1 (voucherSigner.ts): its signatures must be the very bytes
// viem's signing gives, for any key and digest, and recover to the signer's address.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { recoverAddress, recoverTypedDataAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { signMintVoucher, mintVoucherTypedData } from "@pixlings/shared/voucher";
import { signsNatively, voucherSigner } from "./voucherSigner.ts";

const randomHex = (): Hex => `0x${randomBytes(32).toString("hex")}`;
/** secp256k1's group order: a key must be below it. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const randomKey = (): Hex => {
  for (;;) {
    const key = randomHex();
    if (BigInt(key) !== 0n && BigInt(key) < N) return key;
  }
};

describe("the voucher signer", () => {
  it("signs with libsecp256k1 where the secp256k1 package ships a binary for the platform", () => {
    const prebuilt = ["linux-x64", "darwin-arm64", "win32-x64"].includes(`${process.platform}-${process.arch}`);
    assert.equal(signsNatively, prebuilt);
  });

  it("gives viem's signature, byte for byte, for random keys and digests, and it recovers to the signer", async () => {
    const edgeDigests: Hex[] = [`0x${"00".repeat(32)}`, `0x${"ff".repeat(32)}`, `0x${"00".repeat(31)}01`, `0x${N.toString(16)}`];
    const recids = new Set<string>();
    for (let k = 0; k < 8; k += 1) {
      const key = randomKey();
      const viemAccount = privateKeyToAccount(key);
      const signer = voucherSigner(key);
      assert.equal(signer.address, viemAccount.address);
      assert.ok(signer.sign);
      for (const hash of [...edgeDigests, ...Array.from({ length: 250 }, randomHex)]) {
        const signature = await signer.sign({ hash });
        assert.equal(signature, await viemAccount.sign!({ hash }), `key ${key}, digest ${hash}`);
        assert.equal(await recoverAddress({ hash, signature }), viemAccount.address);
        recids.add(signature.slice(-2));
      }
    }
    assert.deepEqual([...recids].sort(), ["1b", "1c"], "both recovery ids came up");
  });

  it("signs a voucher that recovers, as EIP-712 typed data, to the signer", async () => {
    const key = randomKey();
    const signer = voucherSigner(key);
    const voucher = {
      chainId: 11155111,
      contract: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      recipient: privateKeyToAccount(randomKey()).address,
      ids: [1n, 42n, 9999n],
      deadline: 1_900_000_000n,
    } as const;
    const signature = await signMintVoucher(signer, voucher);
    assert.equal(signature, await signMintVoucher(privateKeyToAccount(key), voucher));
    assert.equal(await recoverTypedDataAddress({ ...mintVoucherTypedData(voucher), signature }), signer.address);
  });
});
