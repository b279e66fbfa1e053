import { eq, sql } from "drizzle-orm";
import type { Address } from "viem";
import type { DbTransaction } from "../db/openDatabase.ts";
import { users, userWallets } from "../db/tables/accounts.ts";
import { CodedError, HttpError } from "../http/HttpError.ts";
import { moveAccount } from "./moveAccount.ts";

export interface LinkWalletParameters {
  userId: number;
  address: Address;
  /** The user confirmed moving the wallet out of its own wallet-only account. */
  confirmMove: boolean;
  /** The request carried a fresh SIWE signature by the wallet (not only the session's sign-in). */
  freshProof: boolean;
}

/** What linking did: linked a free wallet, found it already the user's, or moved it from its own account. */
export type LinkWalletOutcome = "linked" | "unchanged" | "moved";

/**
 * Whether the account holding a wallet is a wallet-only one: no Google identity, no other wallet.
 * Locks the account's row (FOR UPDATE): no wallet can be linked to it, and no session started for
 * it, until this transaction ends.
 */
async function isWalletOnlyAccount(tx: DbTransaction, userId: number): Promise<boolean> {
  const [holder] = await tx.select({ googleSub: users.googleSub }).from(users).where(eq(users.id, userId)).for("update");
  if (!holder) throw new Error(`user ${userId} of a locked wallet is missing`);
  if (holder.googleSub !== null) return false;
  const [count] = await tx.select({ wallets: sql<number>`count(*)::int` }).from(userWallets).where(eq(userWallets.userId, userId));
  return count?.wallets === 1;
}

/**
 * One try at linking, inside a transaction that locks the wallet's row first. "retry": a
 * concurrent request inserted the wallet meanwhile; look again.
 */
export async function linkWalletOnce(
  tx: DbTransaction,
  { userId, address, confirmMove, freshProof }: LinkWalletParameters,
): Promise<LinkWalletOutcome | "retry"> {
  const [held] = await tx.select({ userId: userWallets.userId }).from(userWallets).where(eq(userWallets.address, address)).for("update");
  if (!held) {
    const [linked] = await tx
      .insert(userWallets)
      .values({ userId, address })
      .onConflictDoNothing({ target: userWallets.address })
      .returning({ id: userWallets.id });
    return linked ? "linked" : "retry";
  }
  if (held.userId === userId) return "unchanged";
  if (!(await isWalletOnlyAccount(tx, held.userId))) {
    throw new CodedError(`Wallet ${address} is already linked to another Pixlings account: sign in with it to use that account`, {
      code: "wallet_linked_elsewhere",
      walletAddress: address,
    });
  }
  if (!confirmMove) {
    throw new CodedError(
      `Wallet ${address} has a Pixlings account of its own (it signed in without Google). Confirm to move it to this account: its reservations come along, and that account is closed and signed out everywhere`,
      { code: "wallet_has_own_account", walletAddress: address },
    );
  }
  if (!freshProof) {
    throw new HttpError(403, `Moving ${address} needs a fresh signature from it: sign a new message (nonce from /api/auth/nonce)`);
  }
  await moveAccount(tx, { fromUserId: held.userId, toUserId: userId, address });
  return "moved";
}
