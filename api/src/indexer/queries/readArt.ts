import { asc, eq } from "@pixlings/indexer/client";
import { hexToBytes } from "viem";
import type { Art } from "@pixlings/shared/art/codec";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** A Pix's art as indexed (any chain: the chains agree). */
export interface IndexedArt extends Art {
  tokenId: number;
  tier: number;
  /** 1 for the first write, +1 per replacement. */
  version: number;
}

/** The art of `tokenId`, or undefined when no chain has indexed any. */
export async function readArt(db: IndexerDb, tokenId: number): Promise<IndexedArt | undefined> {
  const [row] = await db
    .select({ tier: schema.art.tier, palette: schema.art.palette, pixels: schema.art.pixels, version: schema.art.version })
    .from(schema.art)
    .where(eq(schema.art.tokenId, tokenId))
    .orderBy(asc(schema.art.chainId))
    .limit(1);
  if (!row) return undefined;
  return { tokenId, tier: row.tier, version: row.version, palette: row.palette, pixels: hexToBytes(row.pixels) };
}
