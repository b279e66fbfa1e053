// When the slow answers came: the timed requests of each path by when they were sent, in windows
// of the drop (the first seconds bring the hot fifth at once), with their p50, p99 and worst.
import { percentile } from "../percentile.ts";
import type { TimedTry } from "./record.ts";

/** Rows of `path`'s tries sent in each window [from, to) seconds after `startedAt`. */
export function timelineRows(tries: readonly TimedTry[], path: string, startedAt: number, windowsS: readonly number[]): string[] {
  const rows: string[] = [];
  for (let i = 0; i < windowsS.length; i++) {
    const from = windowsS[i]!;
    const to = windowsS[i + 1] ?? Infinity;
    const ms = tries
      .filter((t) => t.path === path && t.sentAt - startedAt >= from * 1000 && t.sentAt - startedAt < to * 1000)
      .map((t) => t.ms)
      .sort((a, b) => a - b);
    if (ms.length === 0) continue;
    const span = `${from}-${to === Infinity ? "end" : to} s`;
    rows.push(
      `  ${path.padEnd(22)} ${span.padEnd(9)} ${String(ms.length).padStart(5)}  p50 ${Math.round(percentile(ms, 50))
        .toString()
        .padStart(6)}  p99 ${Math.round(percentile(ms, 99)).toString().padStart(6)}  max ${Math.round(ms.at(-1)!).toString().padStart(6)} ms`,
    );
  }
  return rows;
}

/** Prints the timeline of the voucher and checkout requests. */
export function printTimeline(tries: readonly TimedTry[], startedAt: number): void {
  console.log("[bench:drop] when the slow answers came (sent in each window after the clock's start; count, p50, p99, max):");
  for (const path of ["/api/mint/authorize", "/api/cart/checkout"]) for (const row of timelineRows(tries, path, startedAt, [0, 2, 5, 10, 30])) console.log(row);
}
