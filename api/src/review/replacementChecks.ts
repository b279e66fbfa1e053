import { and, eq, isNull, type SQL } from "drizzle-orm";
import { dropReplacementHold } from "../sale/replacementHolds.ts";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { submissions } from "../db/tables/submissions.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { CodedError } from "../http/HttpError.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import type { ArtAdminReads } from "./artAdminClients.ts";
import { isMintedOnChain } from "./chainArt.ts";
import type { ReplacementRow } from "./replacementView.ts";

/** A direct chain read that takes longer is skipped (the indexer's answer and the hold decide). */
const CHAIN_CHECK_TIMEOUT_MS = 3_000;

export interface CheckDeps {
  indexer: IndexerReader;
  /** The chains on sale, primary first. */
  chains: readonly SaleChain[];
  artAdmin: ArtAdminReads;
}

/** Whether the contract on any answering chain says the Pix is minted (chains that do not answer in time are skipped). */
async function mintedOnSomeChain(artAdmin: ArtAdminReads, tokenId: number): Promise<number | undefined> {
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

/**
 * The approve's fresh refusal, once the Pix is held (so no sale can start meanwhile), outside any
 * database transaction (it waits on the indexer and on every chain): 409 `minted` when the indexer
 * or a chain's contract says the Pix is minted; an indexer that does not answer is a 503.
 */
export async function checkUnminted(deps: CheckDeps, tokenId: number): Promise<void> {
  const chainId = await mintedOn(deps, tokenId);
  if (chainId !== undefined) throw mintedRefusal(deps.chains, tokenId, chainId);
}

/** The chain the indexer, or else an answering chain's contract, says `tokenId` is minted on. */
export async function mintedOn(deps: CheckDeps, tokenId: number): Promise<number | undefined> {
  const facts = await deps.indexer.saleFacts({ tokenIds: [tokenId], chainId: deps.chains[0]!.chainId });
  return facts.minted.find((m) => m.tokenId === tokenId)?.chainId ?? (await mintedOnSomeChain(deps.artAdmin, tokenId));
}

/** 409 `minted`, naming the chain. */
export const mintedRefusal = (chains: readonly SaleChain[], tokenId: number, chainId: number): CodedError =>
  new CodedError(
    `Pix #${tokenId} is already minted (on ${chains.find((c) => c.chainId === chainId)?.name ?? `chain ${chainId}`}): only unminted Pix can get new art`,
    { code: "minted", tokenIds: [tokenId], chainId },
  );

type Dropped = Pick<ReplacementRow, "id" | "reservationId" | "submissionId" | "tokenId">;

/** Thrown inside a transaction to roll it back: the replacement is no longer in the state the caller saw. */
class ReplacementMoved extends Error {
  constructor() {
    super("the replacement changed meanwhile");
    this.name = "ReplacementMoved";
  }
}

/**
 * Removes a replacement with its jobs and its hold, when `condition` (on art_replacements) still
 * holds: an approve whose checks refused it, or an abandon that is done; the submission no longer
 * names the Pix as its target. Throws ReplacementMoved (rolling the transaction back) when it no
 * longer holds.
 */
async function dropReplacement(tx: DbTransaction, replacement: Dropped, condition: SQL): Promise<void> {
  await tx.delete(replacementJobs).where(eq(replacementJobs.replacementId, replacement.id));
  const [dropped] = await tx
    .delete(artReplacements)
    .where(and(eq(artReplacements.id, replacement.id), condition))
    .returning({ id: artReplacements.id });
  if (!dropped) throw new ReplacementMoved();
  if (replacement.reservationId !== null) await dropReplacementHold(tx, replacement.reservationId);
  await tx
    .update(submissions)
    .set({ targetTokenId: null })
    .where(and(eq(submissions.id, replacement.submissionId), eq(submissions.targetTokenId, replacement.tokenId)));
}

/**
 * Removes a replacement with its jobs and its hold (one transaction) when `condition` (on
 * art_replacements) still holds: an approve whose checks refused it, or an abandon that is done.
 * False when the replacement moved on meanwhile (then nothing changed).
 */
export async function dropIfStill(db: Db, replacement: Dropped, condition: SQL): Promise<boolean> {
  try {
    await db.transaction((tx) => dropReplacement(tx, replacement, condition));
    return true;
  } catch (error) {
    if (error instanceof ReplacementMoved) return false;
    throw error;
  }
}

/**
 * The checks passed: from now on the worker writes the art. The submission records its target
 * (and the admin's notes), and the approve is audited, in the same transaction. False when the
 * replacement is no longer waiting for its checks (another process settled it first).
 */
export async function markChecked(
  db: Db,
  replacement: Pick<ReplacementRow, "id" | "submissionId" | "tokenId">,
  approval: { admin: SessionUser; adminNotes: string | null | undefined; artistId: number | null; name: string } | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [checked] = await tx
      .update(artReplacements)
      .set({ checkedAt: now })
      .where(and(eq(artReplacements.id, replacement.id), isNull(artReplacements.checkedAt), isNull(artReplacements.finishedAt)))
      .returning({ id: artReplacements.id });
    if (!checked) return false;
    const notes = approval?.adminNotes === undefined ? {} : { adminNotes: approval.adminNotes };
    await tx
      .update(submissions)
      .set({ targetTokenId: replacement.tokenId, ...notes, updatedAt: now })
      .where(eq(submissions.id, replacement.submissionId));
    if (approval) {
      await recordAudit(tx, approval.admin, {
        action: "submission.approve",
        artistId: approval.artistId,
        submissionId: replacement.submissionId,
        tokenId: replacement.tokenId,
        detail: `"${approval.name}" onto Pix #${replacement.tokenId}`,
      });
    }
    return true;
  });
}

/**
 * An approve that stopped between holding the Pix and its checks' outcome (its process died):
 * checked again here, then written or dropped. An indexer that does not answer leaves it for the
 * next look. Answers what happened, for the log.
 */
export async function recheckInterrupted(db: Db, deps: CheckDeps, replacement: ReplacementRow): Promise<"checked" | "dropped" | "waiting"> {
  try {
    await checkUnminted(deps, replacement.tokenId);
  } catch (error) {
    if (!(error instanceof CodedError && error.details.code === "minted")) return "waiting";
    return (await dropIfStill(db, replacement, isNull(artReplacements.checkedAt))) ? "dropped" : "waiting";
  }
  return (await markChecked(db, replacement, undefined)) ? "checked" : "waiting";
}
