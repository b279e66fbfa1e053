import type { Targets } from "../figureTable.ts";
import { percentile } from "../percentile.ts";
import type { Figure } from "../report.ts";
import type { DropRecord } from "./record.ts";

/** A latency goal: -1 (no sample: e.g. every card buyer failed before its checkout) is no pass. */
const measuredAtMost =
  (limit: number) =>
  (v: number): boolean =>
    v >= 0 && v <= limit;

export const DROP_TARGETS: Targets = {
  drop_sold_twice: { describe: "0", pass: (v) => v === 0 },
  drop_5xx: { describe: "0", pass: (v) => v === 0 },
  drop_paid_unfulfilled: { describe: "0", pass: (v) => v === 0 },
  drop_buyers_failed: { describe: "0", pass: (v) => v === 0 },
  drop_authorize_p99_ms: { describe: "<= 250 ms", pass: measuredAtMost(250) },
  drop_checkout_p99_ms: { describe: "<= 250 ms", pass: measuredAtMost(250) },
  drop_fulfil_p99_ms: { describe: "<= 5,000 ms", pass: measuredAtMost(5_000) },
};

const ms = (value: number): Figure => ({ value: Math.round(value), unit: "ms", better: "lower" });
/** p50 and p99 of `samples`, or -1 when there are none (a run too small to have any). */
const quantiles = (samples: readonly number[]): [number, number] => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted.length === 0 ? [-1, -1] : [percentile(sorted, 50), percentile(sorted, 99)];
};
const count = (value: number, unit: string): Figure => ({ value, unit, better: "lower" });

export function dropFigures(p: {
  record: DropRecord;
  buyers: number;
  servedSeconds: number;
  soldTwice: number;
  loadAtStart: number;
  loadAtEnd: number;
  /** How late the bench's own event loop ran its callbacks (p99 and worst): part of every timing it takes. */
  benchLoopDelayMs: { p99: number; max: number };
}): Record<string, Figure> {
  const { record } = p;
  const [authorizeP50, authorizeP99] = quantiles(record.authorizeMs);
  const [checkoutP50, checkoutP99] = quantiles(record.checkoutMs);
  const [fulfilP50, fulfilP99] = quantiles(record.fulfilMs);
  const served = record.outcomes.bought + record.outcomes.refused + record.outcomes.abandoned;
  return {
    drop_sold_twice: count(p.soldTwice, "ids"),
    drop_5xx: count(record.serverErrors.length, "answers"),
    drop_paid_unfulfilled: count(record.unfulfilled.length, "orders"),
    drop_buyers_failed: count(record.outcomes.failed, "buyers"),
    drop_authorize_p50_ms: ms(authorizeP50),
    drop_authorize_p99_ms: ms(authorizeP99),
    drop_checkout_p50_ms: ms(checkoutP50),
    drop_checkout_p99_ms: ms(checkoutP99),
    drop_fulfil_p50_ms: ms(fulfilP50),
    drop_fulfil_p99_ms: ms(fulfilP99),
    drop_buyers_per_s: { value: Math.round((served / p.servedSeconds) * 10) / 10, unit: "buyers/s", better: "higher" },
    drop_buyers: { value: p.buyers, unit: "buyers", better: "higher" },
    drop_bought: { value: record.outcomes.bought, unit: "buyers", better: "higher" },
    drop_refused: { value: record.outcomes.refused, unit: "buyers", better: "lower" },
    drop_abandoned: { value: record.outcomes.abandoned, unit: "buyers", better: "lower" },
    drop_sales_paused: { value: record.salesPaused, unit: "answers", better: "lower" },
    drop_requests_resent: { value: record.resent, unit: "requests", better: "lower" },
    drop_declined_cards: { value: record.declinedCards, unit: "payments", better: "lower" },
    drop_bench_loop_delay_p99_ms: ms(p.benchLoopDelayMs.p99),
    drop_bench_loop_delay_max_ms: ms(p.benchLoopDelayMs.max),
    drop_load_avg_start: { value: p.loadAtStart, unit: "load (1 min)", better: "lower" },
    drop_load_avg_end: { value: p.loadAtEnd, unit: "load (1 min)", better: "lower" },
  };
}
