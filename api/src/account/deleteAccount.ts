import { eq, isNotNull, or, sql } from "drizzle-orm";
import { saveCatalogueEdit } from "../catalogue/saveCatalogueEdit.ts";
import type { Db } from "../db/openDatabase.ts";
import { artists, catalogue } from "../db/tables/catalogue.ts";
import { mockupTasks } from "../db/tables/merch.ts";
import { forgetHoldClients } from "../sale/accountSaleRecords.ts";
import { sessions, users, userWallets } from "../db/tables/accounts.ts";
import { submissionMessages } from "../db/tables/submissions.ts";
import { submissionReads } from "../db/tables/submissionReads.ts";
import { CodedError } from "../http/HttpError.ts";
import type { Market } from "../market/market.ts";
import { ownsPix } from "../owners/ownsPix.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { deletionBlockers } from "../sale/deletionBlockers.ts";

/**
 * "Delete my account", in one transaction that first locks the user's row (so no hold, order,
 * session or wallet can be added meanwhile) and refuses with 409 `account_in_use` while the
 * account would lose something (`deletionBlockers`). Then (shared/src/privacy.ts says the same):
 * - removed: every session (signed out everywhere; an impersonation ends with its session), the
 *   linked wallets, merch previews, the names and stories of the Pix the account owns now, the
 *   link to artist profiles, its name on chat messages it wrote as an admin, how far it read each
 *   chat, and the IP address
 *   kept with its past reservations;
 * - emptied: the account's row keeps only its id and dates (email, name, picture, Google identity
 *   gone), for what stays to point at;
 * - kept: card and freemint orders (accounting) and their Mint to Wallet records, reservations
 *   (the sale's record), chat messages and submissions of artist profiles (the profile's), the
 *   admin audit log, and whatever the chains hold (mints and transfers are public and permanent).
 * A later sign-in with the same Google account or wallet starts a new, empty account.
 */
export async function deleteAccount({ db, market }: { db: Db; market: Market }, user: SessionUser): Promise<void> {
  const state = await market.state();
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const reasons = await deletionBlockers(tx, user.id);
    if (reasons.length > 0) {
      throw new CodedError(`Your account cannot be deleted yet. ${reasons.join(". ")}.`, { code: "account_in_use", reasons });
    }
    const withStories = await tx
      .select({ tokenId: catalogue.tokenId })
      .from(catalogue)
      .where(or(isNotNull(catalogue.customName), isNotNull(catalogue.customDescription)));
    for (const { tokenId } of withStories) {
      if (ownsPix(state, user, tokenId)) await saveCatalogueEdit(tx, { tokenId }, { customName: null, customDescription: null });
    }
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(userWallets).where(eq(userWallets.userId, user.id));
    await tx.delete(mockupTasks).where(eq(mockupTasks.userId, user.id));
    await tx.update(artists).set({ userId: null }).where(eq(artists.userId, user.id));
    await tx
      .update(submissionMessages)
      .set({ senderUserId: null, senderName: sql`case when ${submissionMessages.senderType} = 'admin' then null else ${submissionMessages.senderName} end` })
      .where(eq(submissionMessages.senderUserId, user.id));
    await tx.delete(submissionReads).where(eq(submissionReads.userId, user.id));
    await forgetHoldClients(tx, user.id);
    await tx
      .update(users)
      .set({ googleIssuer: null, googleSub: null, email: null, firstName: null, username: null, pictureUrl: null, deletedAt: new Date() })
      .where(eq(users.id, user.id));
  });
}
