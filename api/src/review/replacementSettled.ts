import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { replacementJobs } from "../db/tables/artReplacements.ts";
import { sameArt } from "../artwork/storedArt.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { ArtAdmin } from "./artAdminClients.ts";
import { targetArtOf } from "./jobArt.ts";
import type { JobRow, ReplacementRow } from "./replacementView.ts";

/**
 * The jobs whose chains decide whether a replacement is done: all of them; for an abandoned one
 * only the chains still on sale here (a chain taken off sale cannot be written, and must not keep
 * the Pix held forever).
 */
export function countedJobs(replacement: Pick<ReplacementRow, "abandonedAt">, jobs: readonly JobRow[], chains: readonly SaleChain[]): JobRow[] {
  return replacement.abandonedAt ? jobs.filter((job) => chains.some((chain) => chain.chainId === job.chainId)) : [...jobs];
}

/**
 * Records, once per confirmed job, its chain's head block: from there on the chain shows the job's
 * art (no transaction of the job is left to mine). A chain that does not answer is asked again on
 * the next look. Answers the jobs as stored now.
 */
export async function settleBlocks(db: Db, artAdmin: ArtAdmin, jobs: readonly JobRow[]): Promise<JobRow[]> {
  return Promise.all(
    jobs.map(async (job) => {
      const client = artAdmin.chains.get(job.chainId)?.publicClient;
      if (job.state !== "confirmed" || job.settledBlock !== null || !client) return job;
      const head = Number(await client.getBlockNumber().catch(() => -1n));
      if (head < 0) return job;
      const [stored] = await db
        .update(replacementJobs)
        .set({ settledBlock: head })
        .where(and(eq(replacementJobs.id, job.id), eq(replacementJobs.state, "confirmed"), isNull(replacementJobs.settledBlock)))
        .returning();
      return stored ?? job;
    }),
  );
}

/**
 * Whether the indexer shows every counted job's art on its chain, read at or past the block where
 * the job settled: the indexer's progress first, then the art (read later, so at least as new).
 * Each chain is judged on its own: art versions differ per chain once an operator wrote one chain
 * alone. An abandoned replacement does not wait for a chain the indexer does not index.
 */
export async function indexedEverywhere(
  indexer: IndexerReader,
  chains: readonly SaleChain[],
  replacement: ReplacementRow,
  jobs: readonly JobRow[],
): Promise<boolean> {
  if (jobs.some((job) => job.settledBlock === null)) return false;
  const facts = await indexer.saleFacts({ tokenIds: [replacement.tokenId], chainId: chains[0]!.chainId });
  const onChains = await indexer.artOnChains(replacement.tokenId);
  return jobs.every((job) => {
    const progress = facts.statuses.find((status) => status.chainId === job.chainId);
    if (!progress) return replacement.abandonedAt !== null;
    const indexed = onChains.get(job.chainId);
    return progress.latest.number >= job.settledBlock! && indexed !== undefined && sameArt(indexed, targetArtOf(replacement, job));
  });
}
