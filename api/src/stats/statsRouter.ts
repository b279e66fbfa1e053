import { inArray } from "drizzle-orm";
import { Router, type Response } from "express";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Stats } from "@pixlings/shared/http/stats";
import type { Db } from "../db/openDatabase.ts";
import { userWallets } from "../db/tables/accounts.ts";
import { route } from "../http/route.ts";
import { countOwners, heldForBuyers } from "../market/countOwners.ts";
import type { Market } from "../market/market.ts";
import type { IndexedTotals, IndexerReader } from "../indexer/indexerReader.ts";

/** How long one answer serves concurrent /api/stats requests. */
const STATS_TTL_MS = 250;

/** The linked wallets (lowercase) of `userIds`. */
async function linkedWalletsOf(db: Db, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const wallets = new Map<number, string[]>();
  if (userIds.length === 0) return wallets;
  const rows = await db
    .select({ userId: userWallets.userId, address: userWallets.address })
    .from(userWallets)
    .where(inArray(userWallets.userId, [...userIds]));
  for (const row of rows) wallets.set(row.userId, [...(wallets.get(row.userId) ?? []), row.address.toLowerCase()]);
  return wallets;
}

/**
 * `GET /api/stats`: `{ total, minted, owners, available }` live (minted: distinct ids minted on
 * any chain, from the indexer; owners: countOwners over the market's view, so each card buyer is
 * an owner and the custody address is none). One answer is shared for at most STATS_TTL_MS (and
 * one computation in flight at a time); `Cache-Control: no-store`.
 */
export function statsRouter({ indexer, market, db }: { indexer: IndexerReader; market: Market; db: Db }): Router {
  const router = Router();
  let cached: { at: number; counts: Promise<IndexedTotals> } | undefined;
  const compute = async (): Promise<IndexedTotals> => {
    const [totals, state] = await Promise.all([indexer.totals(), market.state()]);
    const owners = countOwners(state, await linkedWalletsOf(db, heldForBuyers(state)));
    return { minted: totals.minted, owners };
  };
  const counts = (): Promise<IndexedTotals> => {
    const now = Date.now();
    if (cached && now - cached.at < STATS_TTL_MS) return cached.counts;
    const entry = { at: now, counts: compute() };
    cached = entry;
    // A failed query is not remembered.
    entry.counts.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.counts;
  };
  router.get(
    "/api/stats",
    route({}, async (_input, _req, res: Response<Stats>) => {
      const { minted, owners } = await counts();
      const total = COLLECTION.totalSupply;
      res.set("Cache-Control", "no-store");
      res.json({ total, minted, owners, available: total - minted });
    }),
  );
  return router;
}
