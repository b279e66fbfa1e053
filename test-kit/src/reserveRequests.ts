import { getAddress, keccak256, toHex, type Address } from "viem";
import type { Db } from "@pixlings/api/db";
import { findOrCreateWalletUser, type ReserveRequest } from "@pixlings/api/testing";

/**
 * For the reservation tests: a wallet address a label (its user created on first use), and a
 * request of that wallet with generous limits, a hold of 6 minutes from `now`, overridden by `extra`.
 */
export function reserveRequestsFor(db: () => Db, prefix: string, now = Date.now()) {
  const users = new Map<Address, number>();
  const addressOf = (label: string): Address => getAddress(keccak256(toHex(`${prefix}${label}`)).slice(0, 42));
  const request = async (label: string, tokenIds: number[], extra: Partial<ReserveRequest> = {}): Promise<ReserveRequest> => {
    const address = addressOf(label);
    if (!users.has(address)) users.set(address, (await findOrCreateWalletUser(db(), address)).id);
    return {
      userId: users.get(address) ?? 0,
      address,
      chainId: 31337,
      tokenIds,
      deadline: new Date(now + 300_000),
      holdUntil: new Date(now + 360_000),
      clientKey: `client-${label}`,
      minted: 0,
      mintedIds: new Set(),
      limits: { perClient: 100, maxRenewals: 3, cooldownSeconds: 600 },
      ...extra,
    };
  };
  return { addressOf, request };
}
