import { createRequire } from "node:module";
import type { Hex, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** What this file uses of the `secp256k1` package (libsecp256k1 through N-API). */
interface NativeSecp256k1 {
  ecdsaSign(digest: Uint8Array, secretKey: Uint8Array): { signature: Uint8Array; recid: number };
}

const require = createRequire(import.meta.url);

/**
 * libsecp256k1, from the prebuilt binary in the `secp256k1` package (linux-x64, darwin-arm64,
 * win32-x64; no build step runs at install). Its `bindings` entry, not its main one: the main one
 * falls back to a slower JavaScript curve without a word, and this file falls back to viem's instead.
 */
function loadNativeSecp256k1(): NativeSecp256k1 | undefined {
  try {
    return require("secp256k1/bindings") as NativeSecp256k1;
  } catch {
    return undefined;
  }
}

const native = loadNativeSecp256k1();

/** secp256k1's group order n. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The digest as RFC 6979 feeds it to the nonce (reduced mod n), as viem does; libsecp256k1 feeds
 * it as given. They differ only for a digest of n or more (about one in 2^128), and then so would
 * the signatures, both valid: reduced here, the signature is viem's there too.
 */
function digestBytes(hash: Hex): Buffer {
  const digest = BigInt(hash);
  return Buffer.from(digest < N ? hash.slice(2) : (digest - N).toString(16).padStart(64, "0"), "hex");
}

/** Whether vouchers are signed by libsecp256k1 in this process (else by viem's JavaScript secp256k1). */
export const signsNatively = native !== undefined;

/**
 * The account that signs vouchers: viem's account for the key, whose `sign` (of a 32-byte digest,
 * what `signMintVoucher` calls) runs in libsecp256k1 where its binary loads. A voucher is signed on
 * every sale, and viem's JavaScript signing was about 0.6 ms of it; libsecp256k1 takes about a tenth.
 * Both sign with RFC 6979 nonces and low s, so the signatures are the same bytes (voucherSigner.test.ts).
 */
export function voucherSigner(key: Hex): LocalAccount {
  const account = privateKeyToAccount(key);
  if (!native) return account;
  const secretKey = Buffer.from(key.slice(2), "hex");
  const sign = ({ hash }: { hash: Hex }): Promise<Hex> => {
    const { signature, recid } = native.ecdsaSign(digestBytes(hash), secretKey);
    // r ‖ s ‖ v with v = 27 + recovery id, as viem serializes a signature.
    const serialized: Hex = `0x${Buffer.from(signature).toString("hex")}${recid === 0 ? "1b" : "1c"}`;
    return Promise.resolve(serialized);
  };
  return { ...account, sign };
}
