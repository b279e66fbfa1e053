import { inArray, isNull } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import { finishAbandoned } from "./abandonReplacement.ts";
import { advanceJob } from "./advanceJob.ts";
import type { ArtAdmin } from "./artAdminClients.ts";
import { finishReplacement } from "./finishReplacement.ts";
import { targetArtOf } from "./jobArt.ts";
import { recheckInterrupted } from "./replacementChecks.ts";
import { countedJobs, indexedEverywhere, settleBlocks } from "./replacementSettled.ts";
import type { JobRow, ReplacementRow } from "./replacementView.ts";

/**
 * How often a replacement with a chain pending or sent (and due: not waiting for its next try) is
 * advanced, and how often the worker looks otherwise (another process's approve; a replacement
 * waiting for the indexer, which also wakes it on each indexed block; a try due sooner wakes it
 * then). A failed replacement waits for a human: it is not polled faster.
 */
const ACTIVE_MS = 250;
const IDLE_MS = 2_000;
/** An approve unchecked for this long stopped half way (its process died): the worker checks it. */
const INTERRUPTED_AFTER_MS = 30_000;

export interface ReplacementWorker {
  /** Look now (after an approve, a retry or an abandon). */
  kick(): void;
  stop(): void;
}

export interface ReplacementWorkerDeps {
  db: Db;
  artAdmin: ArtAdmin;
  indexer: IndexerReader;
  chains: readonly SaleChain[];
  logger: Logger;
  /** After a replacement finished or was abandoned: the hold is released (and the catalogue changed). */
  onFinished(tokenId: number): void;
}

const moving = (job: Pick<JobRow, "state">): boolean => job.state === "pending" || job.state === "sent";

/** When to look again for these moving jobs: soon if one is due, at the earliest next try, never later than IDLE_MS. */
export function nextLookMs(moving: readonly Pick<JobRow, "runAfter">[], now: number): number {
  const earliest = Math.min(...moving.map((job) => job.runAfter.getTime()));
  return Math.min(IDLE_MS, Math.max(ACTIVE_MS, earliest - now));
}

/**
 * Drives every Approve & Replace under way, from what the database says (so a restarted or other
 * API process picks up where one stopped): each chain's job one step at a time (jobs of one chain
 * one after the other: one key, one nonce sequence), towards the submission's art, or, once
 * abandoned, towards each chain's old art; then, once every chain confirmed, waits for the indexer
 * to show that art everywhere and finishes it (or removes the abandoned one).
 */
export function startReplacementWorker(deps: ReplacementWorkerDeps): ReplacementWorker {
  const { db, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let stopped = false;

  const jobsOf = (replacements: readonly ReplacementRow[]): Promise<JobRow[]> =>
    replacements.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(replacementJobs)
          .where(
            inArray(
              replacementJobs.replacementId,
              replacements.map((r) => r.id),
            ),
          );

  const recheck = async (live: readonly ReplacementRow[]): Promise<void> => {
    const interrupted = live.filter((r) => r.checkedAt === null && Date.now() - r.startedAt.getTime() > INTERRUPTED_AFTER_MS);
    for (const replacement of interrupted) {
      const outcome = await recheckInterrupted(db, deps, replacement);
      if (outcome !== "waiting")
        logger.warn({ tokenId: replacement.tokenId, submissionId: replacement.submissionId, outcome }, "an interrupted approve, checked again");
      if (outcome === "dropped") deps.onFinished(replacement.tokenId);
    }
  };

  const finish = async (replacement: ReplacementRow, jobs: readonly JobRow[]): Promise<void> => {
    const counted = countedJobs(replacement, jobs, deps.chains);
    if (counted.length === 0 || !counted.every((job) => job.state === "confirmed")) return;
    const settled = await settleBlocks(db, deps.artAdmin, counted);
    if (!(await indexedEverywhere(deps.indexer, deps.chains, replacement, settled))) return;
    const abandoned = replacement.abandonedAt !== null;
    if (abandoned ? await finishAbandoned(db, replacement) : await finishReplacement(db, replacement)) {
      logger.info(
        { tokenId: replacement.tokenId, submissionId: replacement.submissionId },
        abandoned ? "abandoned replacement undone on every chain" : "art replaced on every chain",
      );
      deps.onFinished(replacement.tokenId);
    }
  };

  /** One look; answers when to look next: soon while a chain is moving and due, else idle (or at the next try's time). */
  const tick = async (): Promise<number> => {
    const live = await db.select().from(artReplacements).where(isNull(artReplacements.finishedAt));
    if (live.length === 0) return IDLE_MS;
    await recheck(live);
    const checked = live.filter((r) => r.checkedAt !== null);
    const jobs = await jobsOf(checked);
    const byChain = new Map<number, JobRow[]>();
    for (const job of jobs.filter(moving)) byChain.set(job.chainId, [...(byChain.get(job.chainId) ?? []), job]);
    await Promise.all(
      [...byChain.values()].map(async (chainJobs) => {
        for (const job of chainJobs) {
          const replacement = checked.find((r) => r.id === job.replacementId)!;
          await advanceJob({ db, artAdmin: deps.artAdmin, tokenId: replacement.tokenId, art: targetArtOf(replacement, job) }, job);
        }
      }),
    );
    const now = await jobsOf(checked);
    for (const replacement of checked) {
      // One replacement's indexer or chain hiccup does not hold up the others.
      await finish(
        replacement,
        now.filter((job) => job.replacementId === replacement.id),
      ).catch((error: unknown) => logger.warn({ err: error, tokenId: replacement.tokenId }, "replacement worker: could not finish yet"));
    }
    return nextLookMs(now.filter(moving), Date.now());
  };

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    let nextMs = IDLE_MS;
    try {
      nextMs = await tick();
    } catch (error) {
      // The database or the indexer is away: look again at the idle pace, not 4 times a second.
      logger.warn({ err: error }, "replacement worker: a step failed; trying again");
    } finally {
      running = false;
    }
    if (stopped) return;
    if (again) {
      again = false;
      void run();
    } else {
      timer = setTimeout(() => void run(), nextMs);
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
