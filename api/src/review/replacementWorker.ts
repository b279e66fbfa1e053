import { inArray, isNull } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/schema.ts";
import { fromStored } from "../artwork/storedArt.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../mint/saleConfig.ts";
import { advanceJob } from "./advanceJob.ts";
import type { ArtAdmin } from "./artAdminClients.ts";
import { finishReplacement, indexedEverywhere } from "./finishReplacement.ts";

/** How often replacements under way are advanced, and how often an idle worker looks for new ones (another process's). */
const ACTIVE_MS = 250;
const IDLE_MS = 2_000;

export interface ReplacementWorker {
  /** Look now (after an approve or a retry). */
  kick(): void;
  stop(): void;
}

export interface ReplacementWorkerDeps {
  db: Db;
  artAdmin: ArtAdmin;
  indexer: IndexerReader;
  chains: readonly SaleChain[];
  logger: Logger;
  /** After a replacement finished: the hold is released and the catalogue changed. */
  onFinished(tokenId: number): void;
}

/**
 * Drives every Approve & Replace under way, from what the database says (so a restarted or other
 * API process picks up where one stopped): each chain's job one step at a time (jobs of one chain
 * one after the other: one key, one nonce sequence), then, once every chain confirmed, waits for the
 * indexer to show the new art everywhere and finishes it.
 */
export function startReplacementWorker(deps: ReplacementWorkerDeps): ReplacementWorker {
  const { db, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let stopped = false;

  const tick = async (): Promise<boolean> => {
    const live = await db.select().from(artReplacements).where(isNull(artReplacements.finishedAt));
    if (live.length === 0) return false;
    const jobs = await db
      .select()
      .from(replacementJobs)
      .where(
        inArray(
          replacementJobs.replacementId,
          live.map((r) => r.id),
        ),
      );
    const byChain = new Map<number, typeof jobs>();
    for (const job of jobs.filter((j) => j.state === "pending" || j.state === "sent")) byChain.set(job.chainId, [...(byChain.get(job.chainId) ?? []), job]);
    await Promise.all(
      [...byChain.values()].map(async (chainJobs) => {
        for (const job of chainJobs) {
          const replacement = live.find((r) => r.id === job.replacementId)!;
          await advanceJob({ db, artAdmin: deps.artAdmin, tokenId: replacement.tokenId, art: fromStored(replacement) }, job);
        }
      }),
    );
    const now = await db
      .select()
      .from(replacementJobs)
      .where(
        inArray(
          replacementJobs.replacementId,
          live.map((r) => r.id),
        ),
      );
    for (const replacement of live) {
      const mine = now.filter((job) => job.replacementId === replacement.id);
      if (mine.length === 0 || !mine.every((job) => job.state === "confirmed")) continue;
      if (!(await indexedEverywhere(deps.indexer, deps.chains, replacement))) continue;
      if (await finishReplacement(db, replacement)) {
        logger.info({ tokenId: replacement.tokenId, submissionId: replacement.submissionId }, "art replaced on every chain");
        deps.onFinished(replacement.tokenId);
      }
    }
    return true;
  };

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    let busy = false;
    try {
      busy = await tick();
    } catch (error) {
      logger.warn({ err: error }, "replacement worker: a step failed; trying again");
      busy = true;
    } finally {
      running = false;
    }
    if (stopped) return;
    if (again) {
      again = false;
      void run();
    } else {
      timer = setTimeout(() => void run(), busy ? ACTIVE_MS : IDLE_MS);
    }
  };

  const unsubscribe = deps.indexer.onChange(() => void run());
  void run();
  return {
    kick: () => void run(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
}
