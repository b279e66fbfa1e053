import type { ArtReplacement, ChainReplacement, ReplacementState } from "@pixlings/shared/http/submissions";
import type { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";

export type ReplacementRow = typeof artReplacements.$inferSelect;
export type JobRow = typeof replacementJobs.$inferSelect;

/**
 * Where a replacement stands: done once finished; writing while any chain is pending or sent;
 * failed when a chain failed and nothing moves; indexing once every chain confirmed.
 */
export function replacementState(replacement: Pick<ReplacementRow, "finishedAt">, jobs: readonly Pick<JobRow, "state">[]): ReplacementState {
  if (replacement.finishedAt) return "done";
  if (jobs.some((job) => job.state === "pending" || job.state === "sent")) return "writing";
  if (jobs.some((job) => job.state === "failed")) return "failed";
  return "indexing";
}

/** A replacement as the HTTP contract shows it, its chains named. */
export function toReplacement(replacement: ReplacementRow, jobs: readonly JobRow[], chainName: (chainId: number) => string): ArtReplacement {
  const chains: ChainReplacement[] = [...jobs]
    .sort((a, b) => a.chainId - b.chainId)
    .map((job) => ({
      chainId: job.chainId,
      chainName: chainName(job.chainId),
      state: job.state,
      txHash: job.txHash,
      error: job.state === "failed" ? job.error : null,
      updatedAt: job.updatedAt.toISOString(),
    }));
  return {
    tokenId: replacement.tokenId,
    state: replacementState(replacement, jobs),
    chains,
    startedAt: replacement.startedAt.toISOString(),
    finishedAt: replacement.finishedAt?.toISOString() ?? null,
    abandonedAt: replacement.abandonedAt?.toISOString() ?? null,
  };
}
