import { waitUntilIdle } from "./cpuTicks.ts";
import type { LoadResult } from "./load.ts";

/**
 * One block: browse measured without the idle streams, twice with them, and without again (ABBA).
 * Throughput drifts over a run (by 10 % within a minute on this machine); a drift that is steady
 * over the block weighs on both sides alike, where a plain pair would read it as a slowdown.
 */
export interface StreamBlock {
  without: readonly [LoadResult, LoadResult];
  with: readonly [LoadResult, LoadResult];
}

export interface StreamSlowdown {
  blocks: StreamBlock[];
  /** The median block's slowdown, in % (positive: slower with the streams open). */
  slowdownPct: number;
  /** The block whose slowdown is that median (of an even count, the lower middle one). */
  median: StreamBlock;
}

/** Whether each measurement of a block has the streams open, in the order taken. */
export const BLOCK_ORDER = [false, true, true, false] as const;

const totalRps = (loads: readonly LoadResult[]): number => loads.reduce((sum, load) => sum + load.rps, 0);

/** A block's slowdown in %, one decimal: 1 - rps with streams / rps without, each side summed. */
export const blockSlowdownPct = (block: StreamBlock): number => Math.round((1 - totalRps(block.with) / totalRps(block.without)) * 1000) / 10;

/** The blocks' median slowdown: one block the machine disturbed does not set the figure. */
export function medianSlowdown(blocks: readonly StreamBlock[]): StreamSlowdown {
  if (blocks.length === 0) throw new Error("no blocks");
  const sorted = [...blocks].sort((a, b) => blockSlowdownPct(a) - blockSlowdownPct(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { blocks: [...blocks], slowdownPct: blockSlowdownPct(median), median };
}

/**
 * Browse in `blocks` ABBA blocks without and with `openStreams()`'s idle streams, each measurement
 * after the API has settled; the streams are closed again at the end of each block.
 */
export async function measureStreamSlowdown(p: {
  blocks: number;
  apiPid: number;
  load: () => Promise<LoadResult>;
  openStreams: () => Promise<{ close(): void; dropped(): number }>;
  onMeasured?: (withStreams: boolean, load: LoadResult) => void;
}): Promise<StreamSlowdown> {
  const blocks: StreamBlock[] = [];
  let streams: { close(): void; dropped(): number } | undefined;
  try {
    for (let b = 0; b < p.blocks; b++) {
      const taken: LoadResult[] = [];
      for (const withStreams of BLOCK_ORDER) {
        if (withStreams && !streams) streams = await p.openStreams();
        if (!withStreams && streams) {
          streams.close();
          streams = undefined;
        }
        await waitUntilIdle(p.apiPid);
        const load = await p.load();
        // Every stream still open after the load: none was dropped while browse ran.
        if (streams && streams.dropped() > 0) throw new Error(`${streams.dropped()} idle activity streams were dropped during the load`);
        taken.push(load);
        p.onMeasured?.(withStreams, load);
      }
      blocks.push({ without: [taken[0]!, taken[3]!], with: [taken[1]!, taken[2]!] });
    }
  } finally {
    streams?.close();
  }
  return medianSlowdown(blocks);
}
