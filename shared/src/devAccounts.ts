import type { Hex } from "viem";

/**
 * Anvil's default accounts (the well-known "test test ... junk" mnemonic), one per role on the
 * local chains. Public knowledge: refused wherever a non-local chain is configured.
 * The owner deploys and uploads the art; the API holds the others' keys and never the owner's.
 */
export const DEV_KEYS = {
  /** Deployer, owner and art admin (the art upload) of the local deployments. */
  owner: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  /** Signs mint vouchers (ROLE_SIGNER). */
  signer: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  /** Mints card and freemint sales to custody (ROLE_MINTER). */
  minter: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  /** Holds card-bought Pix until "Mint to Wallet". */
  custody: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  /**
   * The API's art-admin key (ROLE_ART_ADMIN, granted on the local chains by the deploy): writes
   * approved submissions with `replaceArt`. The owner keeps the role too, for the art upload.
   */
  artAdmin: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
} as const satisfies Record<string, Hex>;

export type DevRole = keyof typeof DEV_KEYS;

const KNOWN = new Set<string>(Object.values(DEV_KEYS));

/** Whether `key` is one of the public dev keys (case-insensitive). */
export function isDevKey(key: string): boolean {
  return KNOWN.has(key.toLowerCase());
}
