import { and, count, min, sql } from "drizzle-orm";
import { Gauge } from "prom-client";
import { chainHead } from "../chains/chainHeads.ts";
import type { Db } from "../db/openDatabase.ts";
import { replacementJobs } from "../db/tables/artReplacements.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import { outsideErrors, registry } from "../metrics/registry.ts";
import { countLiveHolds } from "../sale/countLiveHolds.ts";
import type { SaleConfig } from "../sale/saleConfig.ts";

export interface SourceGaugeDeps {
  db: Db;
  indexer: IndexerReader;
  sale: SaleConfig;
}

const SOURCE_SERIES = ["pixlings_live_holds", "pixlings_job_queue_depth", "pixlings_job_oldest_age_seconds", "pixlings_indexer_lag_blocks"];

const ageSeconds = (oldest: Date | null | undefined): number => (oldest ? Math.max(0, (Date.now() - new Date(oldest).getTime()) / 1000) : 0);

/**
 * The series read at scrape time from the database and the chains: live holds by kind, job queue
 * depth and oldest job age per kind, and the indexer's lag per chain. Registered once per process.
 */
export function registerSourceGauges(deps: SourceGaugeDeps): void {
  const { db, indexer, sale } = deps;
  // Again (a test's second app): the latest sources win.
  for (const name of SOURCE_SERIES) registry.removeSingleMetric(name);
  new Gauge({
    name: "pixlings_live_holds",
    help: "Ids held now, by kind (crypto: a voucher's; card: a card order's)",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      const holds = await countLiveHolds(db);
      this.set({ kind: "crypto" }, holds.crypto);
      this.set({ kind: "card" }, holds.card);
    },
  });
  const depth = new Gauge({
    name: "pixlings_job_queue_depth",
    help: "Jobs waiting or under way, by kind (order jobs by their kind; art_replace: Approve & Replace chain jobs)",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "pixlings_job_oldest_age_seconds",
    help: "Age of the oldest job waiting or under way, by kind (0: none)",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      const [orders, art] = await Promise.all([
        db
          .select({ kind: orderJobs.kind, n: count(), oldest: min(orderJobs.createdAt) })
          .from(orderJobs)
          .where(sql`${orderJobs.state} in ('queued', 'sent')`)
          .groupBy(orderJobs.kind),
        db
          .select({ n: count(), oldest: min(replacementJobs.runAfter) })
          .from(replacementJobs)
          .where(and(sql`${replacementJobs.state} in ('pending', 'sent')`)),
      ]);
      this.reset();
      depth.reset();
      for (const kind of ["mint", "transfer", "refund", "cancel", "payment_check"] as const) {
        const row = orders.find((r) => r.kind === kind);
        depth.set({ kind }, Number(row?.n ?? 0));
        this.set({ kind }, ageSeconds(row?.oldest));
      }
      depth.set({ kind: "art_replace" }, Number(art[0]?.n ?? 0));
      this.set({ kind: "art_replace" }, ageSeconds(art[0]?.oldest));
    },
  });
  new Gauge({
    name: "pixlings_indexer_lag_blocks",
    help: "How many blocks the indexer is behind each sale chain's head (-1: the chain or the indexer does not answer)",
    labelNames: ["chain_id"] as const,
    registers: [registry],
    async collect() {
      const statuses = await indexer.saleFacts({ chainId: 0, tokenIds: [] }).then(
        (facts) => facts.statuses,
        () => undefined,
      );
      await Promise.all(
        sale.chains.map(async (c) => {
          const head = await chainHead(c).catch(() => {
            outsideErrors.inc({ service: "rpc", target: new URL(c.rpcUrl).host });
            return undefined;
          });
          const latest = statuses?.find((s) => s.chainId === c.chainId)?.latest.number;
          this.set({ chain_id: String(c.chainId) }, head === undefined || latest === undefined ? -1 : Math.max(0, head - latest));
        }),
      );
    },
  });
}
