import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Env } from "@pixlings/shared/env";

/** The variables of the API's sending and signing keys. */
const KEY_NAMES = ["MINT_SIGNER_PRIVATE_KEY", "MINTER_PRIVATE_KEY", "CUSTODY_PRIVATE_KEY", "ART_ADMIN_PRIVATE_KEY"] as const;
type KeyName = (typeof KEY_NAMES)[number];

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/** The key's account; undefined for 64 hex digits that are no secp256k1 key (0, or the curve's order or more). */
function addressOf(key: Hex): string | undefined {
  try {
    return privateKeyToAccount(key).address;
  } catch {
    return undefined;
  }
}

/**
 * One line per two of the API's keys that are one account: the voucher signer, the minter, the
 * custody and the art-admin key each have one job. A key shared by two senders mixes their nonces
 * (the minter's and the art admin's transactions would replace each other) and gives one leaked
 * key every role at once. `standIns` are the local dev keys the config uses for unset variables;
 * a malformed key is left to the schema's own message.
 */
export function keysApartProblems(env: Env, standIns: Partial<Record<KeyName, Hex>>): string[] {
  const problems: string[] = [];
  const keys = KEY_NAMES.flatMap((name) => {
    const set = env[name]?.trim() || undefined;
    const key = set === undefined ? standIns[name] : set;
    if (!key || !PRIVATE_KEY.test(key)) return [];
    const address = addressOf(key as Hex);
    if (!address) {
      problems.push(`${name}: not a usable private key (zero, or not below the secp256k1 curve's order)`);
      return [];
    }
    return [{ name, address, standIn: set === undefined }];
  });
  keys.forEach((a, i) => {
    for (const b of keys.slice(i + 1)) {
      if (a.address !== b.address) continue;
      const first = a.standIn ? `${a.name} (unset: the local dev key)` : a.name;
      problems.push(`${b.name}: must not be the same key as ${first} (account ${a.address}): each key has one job, give each its own`);
    }
  });
  return problems;
}
