import { and, eq, isNull } from "drizzle-orm";
import { bytesToHex } from "viem";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { artReplacements, catalogue, replacementJobs, reservations, submissions } from "../db/schema.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { recordAudit } from "../admin/recordAudit.ts";
import { CodedError, HttpError, notFound } from "../http/HttpError.ts";
import type { IndexedArt, IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../mint/saleConfig.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import type { ArtAdmin } from "./artAdminClients.ts";
import { isMintedOnChain } from "./chainArt.ts";
import { HELD_UNTIL_DONE } from "@pixlings/shared/http/nfts";

/** An Approve & Replace's hold lasts until it is done: released then, never by a sale's sweeper. */
const HOLD_UNTIL_DONE = new Date(HELD_UNTIL_DONE);
/** A direct chain read that takes longer is skipped (the indexer's answer and the hold decide). */
const CHAIN_CHECK_TIMEOUT_MS = 3_000;

/** What holds an Approve & Replace's Pix in the reservations table (never a wallet address). */
const replacementHoldAddress = (submissionId: number): string => `art-replacement:${submissionId}`;

export interface ApproveDeps {
  db: Db;
  indexer: IndexerReader;
  /** The chains on sale, primary first: the art is written on every one. */
  chains: readonly SaleChain[];
  artAdmin: ArtAdmin | undefined;
}

export interface ApproveRequest {
  targetTokenId: number;
  adminNotes: string | null | undefined;
}

function submissionState(status: string, replacement: string | null): CodedError {
  const message = replacement
    ? "This submission's Approve & Replace is already under way: follow it, or retry it if it failed"
    : `Only pending submissions can be approved (this one is ${status})`;
  return new CodedError(message, { code: "submission_state", status, replacement });
}

const inProgress = (tokenId: number, submissionId: number): CodedError =>
  new CodedError(`Pix #${tokenId}'s art is already being replaced (submission ${submissionId})`, { code: "replacement_in_progress", tokenId, submissionId });

/** Whether the contract on any answering chain says the Pix is minted (chains that do not answer in time are skipped). */
async function mintedOnSomeChain(artAdmin: ArtAdmin, tokenId: number): Promise<number | undefined> {
  const answers = await Promise.all(
    [...artAdmin.chains.values()].map(async ({ chain, publicClient }) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), CHAIN_CHECK_TIMEOUT_MS)));
      const minted = await Promise.race([isMintedOnChain(publicClient, chain, tokenId).catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
      return minted ? chain.chainId : undefined;
    }),
  );
  return answers.find((chainId) => chainId !== undefined);
}

/** The refusals that need nothing held: the Pix's art on every chain (the old art kept), a replacement already on it. */
async function preflight(deps: ApproveDeps, tokenId: number): Promise<IndexedArt> {
  const onChains = await deps.indexer.artOnChains(tokenId);
  const missing = deps.chains.filter((chain) => !onChains.has(chain.chainId));
  if (missing.length > 0) {
    throw new CodedError(`Pix #${tokenId} has no art on ${missing.map((c) => c.name).join(", ")} yet: it cannot be replaced there`, {
      code: "unavailable",
      tokenIds: [tokenId],
    });
  }
  return onChains.get(deps.chains[0]!.chainId)!;
}

/** In the approve's transaction: the fresh refusals once the Pix is held (so no sale can start meanwhile). */
async function checkHeld(deps: ApproveDeps & { artAdmin: ArtAdmin }, tokenId: number): Promise<void> {
  const facts = await deps.indexer.saleFacts({ tokenIds: [tokenId], chainId: deps.chains[0]!.chainId });
  const mint = facts.minted.find((m) => m.tokenId === tokenId);
  const chainId = mint?.chainId ?? (await mintedOnSomeChain(deps.artAdmin, tokenId));
  if (chainId !== undefined) {
    throw new CodedError(`Pix #${tokenId} is already minted (on chain ${chainId}): only unminted Pix can get new art`, {
      code: "minted",
      tokenIds: [tokenId],
      chainId,
    });
  }
}

async function refuseHeld(tx: DbTransaction, tokenId: number): Promise<void> {
  const [held] = await tx
    .select({ holdUntil: reservations.holdUntil, address: reservations.address })
    .from(reservations)
    .where(and(eq(reservations.tokenId, tokenId), isNull(reservations.releasedAt)));
  if (held) {
    throw new CodedError(`Pix #${tokenId} is reserved by a sale in progress: it cannot get new art until that ends`, {
      code: "reserved",
      tokenIds: [tokenId],
      ...(held.holdUntil < HOLD_UNTIL_DONE ? { reservedUntil: held.holdUntil.toISOString() } : {}),
    });
  }
}

/**
 * Starts Approve & Replace of pending submission `id` onto Pix `targetTokenId`. In one transaction:
 * the submission is locked and must be pending with no replacement; the Pix must be in the
 * catalogue, not reserved and not being replaced; it is then held (a reservations row, so no sale
 * can start), the indexer and the chains are asked fresh whether it is minted anywhere, and only
 * then are the replacement (with the Pix's old text and art) and one pending job per chain written.
 * Any refusal rolls everything back: nothing is written. The replacement worker takes it from there.
 */
export async function approveSubmission(deps: ApproveDeps, admin: SessionUser, id: number, request: ApproveRequest): Promise<void> {
  const { db, artAdmin } = deps;
  if (!artAdmin) throw new CodedError("Approve & Replace is off: the server has no art-admin key (ART_ADMIN_PRIVATE_KEY)", { code: "art_admin_off" });
  if (deps.chains.length === 0) throw new HttpError(503, "No chain is on sale: there is nowhere to write the art");
  const { targetTokenId: tokenId } = request;
  const [piece] = await db.select().from(catalogue).where(eq(catalogue.tokenId, tokenId));
  if (!piece) throw notFound(`No NFT found with token ID ${tokenId}`);
  const oldArt = await preflight(deps, tokenId);
  try {
    await db.transaction(async (tx) => {
      const [submission] = await tx.select().from(submissions).where(eq(submissions.id, id)).for("update");
      if (!submission) throw notFound(`No submission ${id}`);
      const [own] = await tx
        .select({ id: artReplacements.id })
        .from(artReplacements)
        .where(and(eq(artReplacements.submissionId, id), isNull(artReplacements.finishedAt)));
      if (own || submission.status !== "pending") throw submissionState(submission.status, own ? "writing" : null);
      const [other] = await tx
        .select({ submissionId: artReplacements.submissionId })
        .from(artReplacements)
        .where(and(eq(artReplacements.tokenId, tokenId), isNull(artReplacements.finishedAt)));
      if (other) throw inProgress(tokenId, other.submissionId);
      await refuseHeld(tx, tokenId);
      const [hold] = await tx
        .insert(reservations)
        .values({
          tokenId,
          address: replacementHoldAddress(id),
          userId: admin.id,
          chainId: deps.chains[0]!.chainId,
          deadline: HOLD_UNTIL_DONE,
          holdUntil: HOLD_UNTIL_DONE,
        })
        .returning({ id: reservations.id });
      await checkHeld({ ...deps, artAdmin }, tokenId);
      const [replacement] = await tx
        .insert(artReplacements)
        .values({
          submissionId: id,
          tokenId,
          startedBy: admin.id,
          reservationId: hold!.id,
          palette: submission.palette,
          pixels: submission.pixels,
          oldName: piece.name,
          oldDescription: piece.description,
          oldTier: piece.tier,
          oldArtistId: piece.artistId,
          oldPalette: oldArt.palette,
          oldPixels: bytesToHex(oldArt.pixels),
          oldVersion: oldArt.version,
        })
        .returning({ id: artReplacements.id });
      await tx.insert(replacementJobs).values(deps.chains.map((chain) => ({ replacementId: replacement!.id, chainId: chain.chainId })));
      await tx
        .update(submissions)
        .set({ targetTokenId: tokenId, ...(request.adminNotes === undefined ? {} : { adminNotes: request.adminNotes }), updatedAt: new Date() })
        .where(eq(submissions.id, id));
      await recordAudit(tx, admin, {
        action: "submission.approve",
        artistId: submission.artistId,
        submissionId: id,
        tokenId,
        detail: `"${submission.name}" onto Pix #${tokenId}`,
      });
    });
  } catch (error) {
    // A sale or another replacement took the Pix between our reads and our insert.
    if (hasPgErrorCode(error, PG_ERROR.uniqueViolation)) {
      const [other] = await db
        .select({ submissionId: artReplacements.submissionId })
        .from(artReplacements)
        .where(and(eq(artReplacements.tokenId, tokenId), isNull(artReplacements.finishedAt)));
      if (other && other.submissionId !== id) throw inProgress(tokenId, other.submissionId);
      if (other) throw submissionState("pending", "writing");
      throw new CodedError(`Pix #${tokenId} was reserved by a sale a moment ago`, { code: "reserved", tokenIds: [tokenId] });
    }
    throw error;
  }
}
