import { and, eq, isNull } from "drizzle-orm";
import { cardOrderState, holdForReplacement, liveHoldOf } from "../sale/replacementHolds.ts";
import { bytesToHex } from "viem";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { catalogue } from "../db/tables/catalogue.ts";
import { submissions } from "../db/tables/submissions.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { CodedError, HttpError, notFound } from "../http/HttpError.ts";
import type { IndexedArt, IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import type { ArtAdminReads } from "./artAdminClients.ts";
import { checkUnminted, dropIfStill, markChecked, mintedOn, mintedRefusal } from "./replacementChecks.ts";
import { HELD_UNTIL_DONE } from "@pixlings/shared/http/nfts";

/** An Approve & Replace's hold lasts until it is done: released then, never by a sale's sweeper. */
const HOLD_UNTIL_DONE = new Date(HELD_UNTIL_DONE);

/** What holds an Approve & Replace's Pix in the reservations table (never a wallet address). */
const HOLD_PREFIX = "art-replacement:";
const replacementHoldAddress = (submissionId: number): string => `${HOLD_PREFIX}${submissionId}`;

export interface ApproveDeps {
  db: Db;
  indexer: IndexerReader;
  /** The chains on sale, primary first: the art is written on every one. */
  chains: readonly SaleChain[];
  artAdmin: ArtAdminReads | undefined;
}

export interface ApproveRequest {
  targetTokenId: number;
  /** The submission's art version the admin reviewed. */
  artVersion: number;
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

/** The refusals that need nothing held: the Pix's art on every chain (each chain's kept, for an abandon to write back). */
async function preflight(deps: ApproveDeps, tokenId: number): Promise<Map<number, IndexedArt>> {
  const onChains = await deps.indexer.artOnChains(tokenId);
  const missing = deps.chains.filter((chain) => !onChains.has(chain.chainId));
  if (missing.length > 0) {
    throw new CodedError(`Pix #${tokenId} has no art on ${missing.map((c) => c.name).join(", ")} yet: it cannot be replaced there`, {
      code: "unavailable",
      tokenIds: [tokenId],
    });
  }
  return onChains;
}

/** A sale's hold refused the approve: whether that sale is done (minted, or paid by card) is asked outside the transaction. */
class HeldBySale extends Error {
  readonly refusal: CodedError;
  readonly orderId: string | null;
  constructor(refusal: CodedError, orderId: string | null) {
    super(refusal.message);
    this.refusal = refusal;
    this.orderId = orderId;
  }
}

/** Orders paid by card: their Pix is sold, minted or about to be. */
const PAID_ORDER_STATES = new Set(["paid", "minting", "minted"]);

/**
 * A sale's hold answers `reserved` only while the sale is undecided: a Pix whose mint the indexer
 * or a chain shows (a buyer's hold lasts until that mint is final) is `minted`, naming the chain,
 * and one a card buyer paid for is `pix_sold`.
 */
async function soldOrHeld(deps: ApproveDeps & { artAdmin: ArtAdminReads }, tokenId: number, held: HeldBySale): Promise<CodedError> {
  const chainId = await mintedOn(deps, tokenId);
  if (chainId !== undefined) return mintedRefusal(deps.chains, tokenId, chainId);
  if (held.orderId !== null) {
    const state = await cardOrderState(deps.db, held.orderId);
    if (state && PAID_ORDER_STATES.has(state)) {
      return new CodedError(`Pix #${tokenId} was bought by card and is being minted for its buyer: only unsold Pix can get new art`, {
        code: "pix_sold",
        tokenId,
      });
    }
  }
  return held.refusal;
}

async function refuseHeld(tx: DbTransaction, tokenId: number): Promise<void> {
  const held = await liveHoldOf(tx, tokenId);
  // Another approve's hold, committed between our look at the replacements and this one.
  if (held?.address.startsWith(HOLD_PREFIX)) throw inProgress(tokenId, Number(held.address.slice(HOLD_PREFIX.length)));
  if (held) {
    const refusal = new CodedError(`Pix #${tokenId} is reserved by a sale in progress: it cannot get new art until that ends`, {
      code: "reserved",
      tokenIds: [tokenId],
      ...(held.holdUntil < HOLD_UNTIL_DONE ? { reservedUntil: held.holdUntil.toISOString() } : {}),
    });
    throw new HeldBySale(refusal, held.orderId);
  }
}

type Started = Pick<typeof artReplacements.$inferSelect, "id" | "reservationId" | "submissionId" | "tokenId"> & {
  submission: typeof submissions.$inferSelect;
};

/**
 * One short transaction: the submission locked (pending, the art version the admin reviewed, no
 * replacement of its own), the Pix neither reserved nor being replaced; then the hold, the
 * replacement (not yet checked: the worker leaves it alone) and one pending job per chain with that
 * chain's art before. From its commit on, no sale can start on the Pix and the artist cannot edit.
 */
async function holdAndRecord(deps: ApproveDeps, admin: SessionUser, id: number, request: ApproveRequest, onChains: Map<number, IndexedArt>): Promise<Started> {
  const { targetTokenId: tokenId } = request;
  const [piece] = await deps.db.select().from(catalogue).where(eq(catalogue.tokenId, tokenId));
  if (!piece) throw notFound(`No NFT found with token ID ${tokenId}`);
  const primaryOld = onChains.get(deps.chains[0]!.chainId)!;
  return deps.db.transaction(async (tx) => {
    const [submission] = await tx.select().from(submissions).where(eq(submissions.id, id)).for("update");
    if (!submission) throw notFound(`No submission ${id}`);
    // A new statement after the lock: it sees every replacement committed before the lock was ours.
    const [own] = await tx
      .select({ id: artReplacements.id })
      .from(artReplacements)
      .where(and(eq(artReplacements.submissionId, id), isNull(artReplacements.finishedAt)));
    if (own || submission.status !== "pending") throw submissionState(submission.status, own ? "writing" : null);
    if (submission.artVersion !== request.artVersion) {
      throw new CodedError(
        `The artist changed this piece since you opened it (version ${request.artVersion}, now ${submission.artVersion}): look at it again before approving`,
        { code: "submission_state", status: submission.status, replacement: null },
      );
    }
    const [other] = await tx
      .select({ submissionId: artReplacements.submissionId })
      .from(artReplacements)
      .where(and(eq(artReplacements.tokenId, tokenId), isNull(artReplacements.finishedAt)));
    if (other) throw inProgress(tokenId, other.submissionId);
    await refuseHeld(tx, tokenId);
    const holdId = await holdForReplacement(tx, {
      tokenId,
      address: replacementHoldAddress(id),
      userId: admin.id,
      chainId: deps.chains[0]!.chainId,
      until: HOLD_UNTIL_DONE,
    });
    const [replacement] = await tx
      .insert(artReplacements)
      .values({
        submissionId: id,
        tokenId,
        startedBy: admin.id,
        reservationId: holdId,
        palette: submission.palette,
        pixels: submission.pixels,
        oldName: piece.name,
        oldDescription: piece.description,
        oldTier: piece.tier,
        oldArtistId: piece.artistId,
        oldPalette: primaryOld.palette,
        oldPixels: bytesToHex(primaryOld.pixels),
        oldVersion: primaryOld.version,
      })
      .returning({ id: artReplacements.id, reservationId: artReplacements.reservationId });
    await tx.insert(replacementJobs).values(
      deps.chains.map((chain) => {
        const old = onChains.get(chain.chainId)!;
        return { replacementId: replacement!.id, chainId: chain.chainId, oldPalette: old.palette, oldPixels: bytesToHex(old.pixels), oldVersion: old.version };
      }),
    );
    return { id: replacement!.id, reservationId: replacement!.reservationId, submissionId: id, tokenId, submission };
  });
}

/** A unique index refused our hold or replacement: a sale or another replacement took the Pix (or this submission) a moment ago. */
async function lostRace(db: Db, id: number, tokenId: number): Promise<CodedError> {
  const [other] = await db
    .select({ submissionId: artReplacements.submissionId })
    .from(artReplacements)
    .where(and(eq(artReplacements.tokenId, tokenId), isNull(artReplacements.finishedAt)));
  if (other && other.submissionId !== id) return inProgress(tokenId, other.submissionId);
  const [own] = await db
    .select({ id: artReplacements.id })
    .from(artReplacements)
    .where(and(eq(artReplacements.submissionId, id), isNull(artReplacements.finishedAt)));
  if (other || own) return submissionState("pending", "writing");
  return new CodedError(`Pix #${tokenId} was reserved by a sale a moment ago`, { code: "reserved", tokenIds: [tokenId] });
}

/**
 * Starts Approve & Replace of pending submission `id` onto Pix `targetTokenId`, never holding a
 * database transaction while the indexer or a chain answers (on PGlite every request would wait):
 * (1) a short transaction holds the Pix and records the replacement, unchecked; (2) outside any
 * transaction, the indexer and every chain are asked fresh whether the Pix is minted; (3) a short
 * transaction marks it checked (the worker then writes the art), records the target and audits.
 * A refusal in (2) removes what (1) wrote: nothing is left. An approve whose process dies between
 * (1) and (3) is checked again by the worker (replacementChecks.ts recheckInterrupted).
 */
export async function approveSubmission(deps: ApproveDeps, admin: SessionUser, id: number, request: ApproveRequest): Promise<void> {
  const { db, artAdmin } = deps;
  if (!artAdmin) throw new CodedError("Approve & Replace is off: the server has no art-admin key (ART_ADMIN_PRIVATE_KEY)", { code: "art_admin_off" });
  if (deps.chains.length === 0) throw new HttpError(503, "No chain is on sale: there is nowhere to write the art");
  const { targetTokenId: tokenId } = request;
  const onChains = await preflight(deps, tokenId);
  let started: Started;
  try {
    started = await holdAndRecord(deps, admin, id, request, onChains);
  } catch (error) {
    if (hasPgErrorCode(error, PG_ERROR.uniqueViolation)) throw await lostRace(db, id, tokenId);
    if (error instanceof HeldBySale) throw await soldOrHeld({ ...deps, artAdmin }, tokenId, error);
    throw error;
  }
  try {
    await checkUnminted({ ...deps, artAdmin }, tokenId);
  } catch (error) {
    await dropIfStill(db, started, isNull(artReplacements.checkedAt));
    throw error;
  }
  const { submission } = started;
  const checked = await markChecked(db, started, { admin, adminNotes: request.adminNotes, artistId: submission.artistId, name: submission.name });
  if (!checked) throw submissionState("pending", "writing");
}
