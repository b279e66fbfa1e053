import { asc, eq } from "@pixlings/indexer/client";
import { hexToBytes } from "viem";
import { freshRead } from "./freshRead.ts";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";
import type { IndexedArt } from "./readArt.ts";

/**
 * The art of `tokenId` on each chain that has indexed some, by chain id; asked fresh (never a
 * cached answer): Approve & Replace decides on it.
 */
export async function readArtOnChains(db: IndexerDb, tokenId: number): Promise<Map<number, IndexedArt>> {
  const rows = await db
    .select({
      chainId: schema.art.chainId,
      tier: schema.art.tier,
      palette: schema.art.palette,
      pixels: schema.art.pixels,
      version: schema.art.version,
      fresh: freshRead(),
    })
    .from(schema.art)
    .where(eq(schema.art.tokenId, tokenId))
    .orderBy(asc(schema.art.chainId));
  return new Map(rows.map((row) => [row.chainId, { tokenId, tier: row.tier, version: row.version, palette: row.palette, pixels: hexToBytes(row.pixels) }]));
}
