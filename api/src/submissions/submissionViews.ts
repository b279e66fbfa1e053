import { desc, eq, inArray, type SQL } from "drizzle-orm";
import { SYMMETRY_BY_CODE } from "@pixlings/shared/art/symmetry";
import { toPixelArt } from "@pixlings/shared/art/pixelArt";
import type { Submission } from "@pixlings/shared/http/submissions";
import type { Db } from "../db/openDatabase.ts";
import { artists } from "../db/tables/catalogue.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { submissions } from "../db/tables/submissions.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { MarketState } from "../market/market.ts";
import { fromStored } from "../artwork/storedArt.ts";
import { toReplacement, type JobRow, type ReplacementRow } from "../review/replacementView.ts";
import { unreadCounts, type ChatReader } from "./chatReads.ts";

export type SubmissionRow = typeof submissions.$inferSelect;

export interface SubmissionViewDeps {
  db: Db;
  /** Chain names for the replacement's progress. */
  chainName: (chainId: number) => string;
  /** For `isSold` (approved pieces minted since) and `soldAt`; without it nothing shows as sold. */
  market?: { state(): Promise<MarketState> };
  indexer?: Pick<IndexerReader, "mintTimes">;
  /** Who asks: their unread messages are counted (none without). */
  reader?: ChatReader;
}

/** Only symmetry names the codec knows reach the answer. */
const symmetryName = (value: string): string => ((SYMMETRY_BY_CODE as readonly string[]).includes(value) ? value : "none");

/**
 * The submissions matching `where`, ordered by `orderBy` (newest first by default), as the HTTP
 * contract shows them: the artist's name, the live replacement (or, once approved, the finished
 * one), and whether an approved piece's Pix is sold.
 */
export async function loadSubmissionViews(deps: SubmissionViewDeps, where: SQL | undefined, orderBy: SQL[] = [desc(submissions.id)]): Promise<Submission[]> {
  // One snapshot: a poll during finishReplacement must not read the submission pending and its replacement done.
  const read = await deps.db.transaction(
    async (tx) => {
      const rows = await tx
        .select({ submission: submissions, artistName: artists.name })
        .from(submissions)
        .leftJoin(artists, eq(artists.id, submissions.artistId))
        .where(where)
        .orderBy(...orderBy);
      if (rows.length === 0) return { rows, latest: new Map<number, ReplacementRow>(), jobs: [] };
      const ids = rows.map((row) => row.submission.id);
      const replacements = await tx.select().from(artReplacements).where(inArray(artReplacements.submissionId, ids)).orderBy(desc(artReplacements.id));
      const latest = new Map<number, ReplacementRow>();
      for (const replacement of replacements) if (!latest.has(replacement.submissionId)) latest.set(replacement.submissionId, replacement);
      const ofLatest = [...latest.values()].map((r) => r.id);
      const jobs = ofLatest.length === 0 ? [] : await tx.select().from(replacementJobs).where(inArray(replacementJobs.replacementId, ofLatest));
      return { rows, latest, jobs };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const { rows, latest, jobs } = read;
  if (rows.length === 0) return [];
  const jobsOf = new Map<number, JobRow[]>();
  for (const job of jobs) jobsOf.set(job.replacementId, [...(jobsOf.get(job.replacementId) ?? []), job]);

  const approvedTargets = rows.flatMap(({ submission }) =>
    submission.status === "approved" && submission.targetTokenId !== null ? [submission.targetTokenId] : [],
  );
  const state = approvedTargets.length > 0 && deps.market ? await deps.market.state() : undefined;
  const sold = approvedTargets.filter((tokenId) => state?.minted.byToken.has(tokenId));
  const mintTimes = sold.length > 0 && deps.indexer ? await deps.indexer.mintTimes(sold) : new Map<number, Date>();
  const unread = deps.reader
    ? await unreadCounts(
        deps.db,
        deps.reader,
        rows.map(({ submission }) => submission.id),
      )
    : new Map<number, number>();

  return rows.map(({ submission, artistName }) => {
    const replacement = latest.get(submission.id);
    const replacementView = replacement ? toReplacement(replacement, jobsOf.get(replacement.id) ?? [], deps.chainName) : null;
    const isSold = submission.status === "approved" && submission.targetTokenId !== null && sold.includes(submission.targetTokenId);
    const running = replacementView !== null && replacementView.state !== "done";
    return {
      id: submission.id,
      name: submission.name,
      description: submission.description,
      artistId: submission.artistId,
      artistName,
      imageUrl: `/api/submissions/${submission.id}/image?v=${submission.artVersion}`,
      art: toPixelArt(fromStored(submission)),
      artVersion: submission.artVersion,
      colorCount: submission.colorCount,
      symmetryType: symmetryName(submission.symmetry),
      status: submission.status,
      adminNotes: submission.adminNotes,
      targetTokenId: submission.targetTokenId,
      isSold,
      soldAt: isSold ? (mintTimes.get(submission.targetTokenId!)?.toISOString() ?? null) : null,
      editable: submission.status !== "approved" && !running,
      replacement: replacementView,
      unreadMessages: unread.get(submission.id) ?? 0,
      createdAt: submission.createdAt.toISOString(),
      updatedAt: submission.updatedAt.toISOString(),
      approvedAt: submission.approvedAt?.toISOString() ?? null,
    };
  });
}

/** One submission as the contract shows it, or undefined. */
export async function loadSubmissionView(deps: SubmissionViewDeps, id: number): Promise<Submission | undefined> {
  return (await loadSubmissionViews(deps, eq(submissions.id, id)))[0];
}
