import { Router, type Response } from "express";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Stats } from "@pixlings/shared/http/stats";
import { route } from "../http/route.ts";
import type { IndexedTotals, IndexerReader } from "./indexerReader.ts";

/** How long one indexer answer serves concurrent /api/stats requests. */
const STATS_TTL_MS = 250;

/**
 * `GET /api/stats`: `{ total, minted, owners, available }` live from the indexer (minted: distinct
 * ids minted on any chain; owners: distinct holder addresses across chains). One answer is
 * shared for at most STATS_TTL_MS (and one query in flight at a time); `Cache-Control: no-store`.
 */
export function statsRouter({ indexer }: { indexer: IndexerReader }): Router {
  const router = Router();
  let cached: { at: number; totals: Promise<IndexedTotals> } | undefined;
  const totals = (): Promise<IndexedTotals> => {
    const now = Date.now();
    if (cached && now - cached.at < STATS_TTL_MS) return cached.totals;
    const entry = { at: now, totals: indexer.totals() };
    cached = entry;
    // A failed query is not remembered.
    entry.totals.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.totals;
  };
  router.get(
    "/api/stats",
    route({}, async (_input, _req, res: Response<Stats>) => {
      const { minted, owners } = await totals();
      const total = COLLECTION.totalSupply;
      res.set("Cache-Control", "no-store");
      res.json({ total, minted, owners, available: total - minted });
    }),
  );
  return router;
}
