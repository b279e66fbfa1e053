import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { AccountExport } from "@pixlings/shared/http/account";
import type { Db } from "../db/openDatabase.ts";
import { adminAuditLog } from "../db/tables/adminAudit.ts";
import { artists, catalogue } from "../db/tables/catalogue.ts";
import { saleRecordsOf } from "../sale/accountSaleRecords.ts";
import { mockupTasks } from "../db/tables/merch.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { sessions, userWallets } from "../db/tables/accounts.ts";
import { submissionMessages, submissions } from "../db/tables/submissions.ts";
import type { Market } from "../market/market.ts";
import { ownsPix } from "../owners/ownsPix.ts";
import { artistGranted } from "../users/claimArtistProfiles.ts";
import type { SessionUser } from "../users/sessionUser.ts";

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;
/** A voucher's wallet; card orders' and Approve & Replace's holds are keyed by what holds them, never a wallet. */
const walletOf = (row: { address: string }): string | null => (/^0x[0-9a-fA-F]{40}$/.test(row.address) ? row.address : null);

/**
 * "Download my data": every row the shop keeps about `user` (shared/src/privacy.ts lists them),
 * read by the user's id only, so nothing of another account can come along: the account, wallets,
 * sessions, orders and transfers, reservations, the names and stories of the Pix it owns now,
 * merch previews, the artist profiles it acts as with their submissions and the messages it wrote,
 * and its admin actions.
 */
export async function exportAccount({ db, market }: { db: Db; market: Market }, user: SessionUser): Promise<AccountExport> {
  const id = user.id;
  const state = await market.state();
  const [wallets, sessionRows, { orders, holds }, transfers, storyRows, previews, profiles, messages, actions] = await Promise.all([
    db.select().from(userWallets).where(eq(userWallets.userId, id)).orderBy(asc(userWallets.id)),
    db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(asc(sessions.createdAt)),
    saleRecordsOf(db, id),
    db
      .select()
      .from(orderJobs)
      .where(and(eq(orderJobs.userId, id), eq(orderJobs.kind, "transfer")))
      .orderBy(asc(orderJobs.id)),
    db
      .select({ tokenId: catalogue.tokenId, customName: catalogue.customName, customDescription: catalogue.customDescription })
      .from(catalogue)
      .where(or(isNotNull(catalogue.customName), isNotNull(catalogue.customDescription)))
      .orderBy(asc(catalogue.tokenId)),
    db.select().from(mockupTasks).where(eq(mockupTasks.userId, id)).orderBy(asc(mockupTasks.createdAt)),
    user.email === null
      ? Promise.resolve([])
      : db
          .select()
          .from(artists)
          .where(and(eq(artists.userId, id), artistGranted(user.email)))
          .orderBy(asc(artists.id)),
    db.select().from(submissionMessages).where(eq(submissionMessages.senderUserId, id)).orderBy(asc(submissionMessages.id)),
    db.select().from(adminAuditLog).where(eq(adminAuditLog.adminUserId, id)).orderBy(asc(adminAuditLog.id)),
  ]);
  const profileIds = profiles.map((profile) => profile.id);
  const artwork =
    profileIds.length === 0 ? [] : await db.select().from(submissions).where(inArray(submissions.artistId, profileIds)).orderBy(asc(submissions.id));
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id,
      email: user.email,
      firstName: user.firstName,
      username: user.username,
      pictureUrl: user.pictureUrl,
      google: user.googleIssuer !== null && user.googleSub !== null ? { issuer: user.googleIssuer, subject: user.googleSub } : null,
      createdAt: iso(user.createdAt),
      adminEmail: user.isAdminEmail,
    },
    wallets: wallets.map((w) => ({ address: w.address, linkedAt: iso(w.createdAt) })),
    sessions: sessionRows.map((s) => ({
      signedInWith: s.signedInWith,
      walletAddress: s.walletAddress,
      signedInAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      thisSession: s.id === user.sessionId,
    })),
    orders: orders.map((o) => ({
      id: o.id,
      source: o.source,
      state: o.state,
      tokenIds: o.tokenIds,
      amountCents: o.amountCents,
      currency: o.currency,
      refundedTokenIds: o.refundedTokenIds,
      refundedCents: o.refundedCents,
      reason: o.reason,
      paymentIntentId: o.paymentIntentId,
      mintTxHash: o.mintTxHash,
      createdAt: iso(o.createdAt),
      updatedAt: iso(o.updatedAt),
    })),
    transfers: transfers.map((t) => ({ tokenId: t.tokenId, toAddress: t.toAddress, state: t.state, txHash: t.txHash, requestedAt: iso(t.createdAt) })),
    reservations: holds.map((r) => ({
      tokenId: r.tokenId,
      chainId: r.chainId,
      walletAddress: walletOf(r),
      orderId: r.orderId,
      clientAddress: r.clientKey,
      heldAt: iso(r.createdAt),
      heldUntil: iso(r.holdUntil),
      releasedAt: isoOrNull(r.releasedAt),
      releaseReason: r.releaseReason,
    })),
    stories: storyRows.filter((row) => ownsPix(state, user, row.tokenId)),
    merchPreviews: previews.map((p) => ({
      taskKey: p.taskKey,
      tokenId: p.tokenId,
      productId: p.productId,
      variantId: p.variantId,
      placements: p.placements,
      status: p.outcome?.status ?? "pending",
      createdAt: iso(p.createdAt),
    })),
    artist: {
      profiles: profiles.map((a) => ({ id: a.id, slug: a.slug, name: a.name, email: a.email, bio: a.bio, website: a.website, isApproved: a.isApproved })),
      submissions: artwork.map((s) => ({
        id: s.id,
        artistId: s.artistId,
        name: s.name,
        description: s.description,
        status: s.status,
        adminNotes: s.adminNotes,
        createdAt: iso(s.createdAt),
      })),
      messagesWritten: messages.map((m) => ({ submissionId: m.submissionId, message: m.message, sentAt: iso(m.createdAt) })),
    },
    adminActions: actions.map((a) => ({
      action: a.action,
      artistId: a.artistId,
      submissionId: a.submissionId,
      tokenId: a.tokenId,
      detail: a.detail,
      at: iso(a.createdAt),
    })),
  };
}
