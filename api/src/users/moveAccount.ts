import { eq } from "drizzle-orm";
import type { Address } from "viem";
import type { DbTransaction } from "../db/openDatabase.ts";
import { artists } from "../db/tables/catalogue.ts";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { moveSaleRecords } from "../sale/accountSaleRecords.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { freemintCards } from "../db/tables/freemintCards.ts";
import { mockupTasks } from "../db/tables/merch.ts";
import { sessions, users, userWallets } from "../db/tables/accounts.ts";
import { submissionMessages, submissions } from "../db/tables/submissions.ts";

/**
 * What happens to each table keyed by user id when a wallet-only account moves into another
 * (a test holds this list to the schema, so a new such table must say what it does here).
 */
export const MOVED_WITH_ACCOUNT = {
  user_wallets: "moved: the account's only wallet",
  reservations: "moved: holds and their history",
  card_orders: "moved: card orders, paid or not (their holds are keyed by order, not by user)",
  artists: "moved: any artist profile it acted as",
  order_jobs: "moved: Mint to Wallet transfers it asked for",
  freemint_cards: "moved: cards it created (as an admin)",
  mockup_tasks: "moved: merch previews it started (so one in progress can still be followed)",
  submissions: "moved: submissions it created (as an admin)",
  submission_messages: "moved: messages it wrote",
  submission_reads: "deleted with the account (cascade): its chat read markers; at worst messages show as new again",
  art_replacements: "moved: Approve & Replace it started (as an admin)",
  artist_impersonations: "deleted with its sessions: an impersonation lives on one session",
  sessions: "deleted: every browser signed in to it is signed out, never signed in to the other account",
} as const;

/**
 * Moves a wallet-only account (locked by the caller, its wallet row too) into another inside the
 * caller's transaction: its wallet, reservations, card orders, transfers, freemint cards, mockup tasks, artist profiles and issue-12 records go to `toUserId`, its
 * sessions are deleted, then the empty account is deleted.
 */
export async function moveAccount(
  tx: DbTransaction,
  { fromUserId, toUserId, address }: { fromUserId: number; toUserId: number; address: Address },
): Promise<void> {
  await tx.update(userWallets).set({ userId: toUserId }).where(eq(userWallets.address, address));
  await moveSaleRecords(tx, fromUserId, toUserId);
  await tx.update(artists).set({ userId: toUserId }).where(eq(artists.userId, fromUserId));
  await tx.update(orderJobs).set({ userId: toUserId }).where(eq(orderJobs.userId, fromUserId));
  await tx.update(freemintCards).set({ createdBy: toUserId }).where(eq(freemintCards.createdBy, fromUserId));
  await tx.update(mockupTasks).set({ userId: toUserId }).where(eq(mockupTasks.userId, fromUserId));
  await tx.update(submissions).set({ createdByAdminId: toUserId }).where(eq(submissions.createdByAdminId, fromUserId));
  await tx.update(submissionMessages).set({ senderUserId: toUserId }).where(eq(submissionMessages.senderUserId, fromUserId));
  await tx.update(artReplacements).set({ startedBy: toUserId }).where(eq(artReplacements.startedBy, fromUserId));
  // Never re-pointed: another browser of the wallet-only account must not wake up in this one.
  await tx.delete(sessions).where(eq(sessions.userId, fromUserId));
  await tx.delete(users).where(eq(users.id, fromUserId));
}
