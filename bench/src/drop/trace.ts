// `bench:drop -- --trace`: where a paid card order's seconds went, from the payment to the buyer's
// poll seeing its Pix card-owned, step by step (test-kit/src/mintPipelineTrace.ts samples the
// database and Ponder's table; the buyers note when they paid and when they saw it).
import type { MintTrace } from "@pixlings/test-kit/mintPipelineTrace";
import { percentile } from "../percentile.ts";
import type { DropRecord } from "./record.ts";

/** Each step: its name and how to read its end from a traced order (undefined: not reached). */
const STEPS: readonly { name: string; at: (t: MintTrace, owned: { paidAt: number; ownedAt: number }) => number | undefined }[] = [
  { name: "paid (SDK answered)", at: (_t, o) => o.paidAt },
  { name: "webhook recorded the payment", at: (t) => t.paidAt },
  { name: "mint job queued", at: (t) => t.queuedAt },
  { name: "job first claimed", at: (t) => t.claimedAt },
  { name: "mint sent (signed, stored)", at: (t) => t.sentAt },
  { name: "mined (block timestamp, 1 s grain)", at: (t) => t.minedAt },
  { name: "indexed by Ponder", at: (t) => t.indexedAt },
  { name: "buyer saw card-owned", at: (_t, o) => o.ownedAt },
];

const row = (label: string, values: readonly number[]): string => {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (n: number): string => (sorted.length === 0 ? "-" : String(Math.round(percentile(sorted, n))));
  return `  ${label.padEnd(44)} ${q(50).padStart(7)} ${q(90).padStart(7)} ${q(99).padStart(7)}  (${sorted.length})`;
};

/** Prints, for the orders the buyers saw card-owned, each step's time after the previous one (p50, p90, p99 ms). */
export function printMintTrace(traces: ReadonlyMap<string, MintTrace>, record: DropRecord, sampleError: unknown): void {
  if (sampleError !== undefined) console.log(`[bench:drop] a trace sample failed: ${String(sampleError)}`);
  const seen = [...traces.values()].flatMap((t) => {
    const owned = record.fulfilled.get(t.tokenIds[0]!);
    return owned ? [{ t, owned }] : [];
  });
  console.log(`[bench:drop] where a paid order's time went (${seen.length} orders; ms after the step before; p50 p90 p99):`);
  for (const [i, step] of STEPS.entries()) {
    if (i === 0) continue;
    const before = STEPS[i - 1]!;
    const gaps = seen.flatMap(({ t, owned }) => {
      const [a, b] = [before.at(t, owned), step.at(t, owned)];
      return a === undefined || b === undefined ? [] : [b - a];
    });
    console.log(row(step.name, gaps));
  }
  console.log(row("all: paid to seen", [...seen.map(({ owned }) => owned.ownedAt - owned.paidAt)]));
  console.log(
    row(
      "runs of the job (leases seen)",
      seen.map(({ t }) => t.runs),
    ),
  );
  console.log(
    row(
      "transactions of the job",
      seen.map(({ t }) => t.sends),
    ),
  );
}
