import { asc } from "@pixlings/indexer/client";
import { hexToBytes } from "viem";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";
import type { IndexedArt } from "./readArt.ts";

/** The art of every Pix that has some (one query; where chains differ, the lowest chain id wins). */
export async function readAllArt(db: IndexerDb): Promise<Map<number, IndexedArt>> {
  const rows = await db
    .select({ tokenId: schema.art.tokenId, tier: schema.art.tier, palette: schema.art.palette, pixels: schema.art.pixels, version: schema.art.version })
    .from(schema.art)
    .orderBy(asc(schema.art.chainId), asc(schema.art.tokenId));
  const art = new Map<number, IndexedArt>();
  for (const row of rows) {
    if (art.has(row.tokenId)) continue;
    art.set(row.tokenId, { tokenId: row.tokenId, tier: row.tier, version: row.version, palette: row.palette, pixels: hexToBytes(row.pixels) });
  }
  return art;
}
