import { asc, createClient, eq, sql } from "@ponder/client";
import { hexToBytes } from "viem";
import type { Art } from "@pixlings/shared/art/codec";
import * as schema from "../../../indexer/ponder.schema.ts";
import { HttpError } from "../http/HttpError.ts";

export { schema as indexerSchema };

/** Counts over every indexed chain. */
export interface IndexedTotals {
  /** Distinct token ids minted on any chain. */
  minted: number;
  /** Distinct owner addresses across chains. */
  owners: number;
}

/** A Pix's art as indexed (any chain: the chains agree). */
export interface IndexedArt extends Art {
  tokenId: number;
  tier: number;
  /** 1 for the first write, +1 per replacement. */
  version: number;
}

/** Reads the indexer's tables over HTTP (`@ponder/client` against Ponder's `/sql`). */
export interface IndexerReader {
  /** Base URL of the Ponder app, e.g. http://127.0.0.1:42069. */
  readonly url: string;
  totals(): Promise<IndexedTotals>;
  /** The art of `tokenId`, or undefined when no chain has indexed any. */
  art(tokenId: number): Promise<IndexedArt | undefined>;
}

/** A failed indexer query: 503 `{ message }` for the client, the cause logged by the error handler. */
function unavailable(cause: unknown): HttpError {
  const error = new HttpError(503, "The indexer is not available");
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/** The reader for the Ponder app at `url` (no trailing `/sql`). */
export function createIndexerReader(url: string): IndexerReader {
  const base = url.replace(/\/+$/, "");
  const { db } = createClient(`${base}/sql`, { schema });
  const query = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    url: base,
    totals: () =>
      query(async () => {
        const [row] = await db
          .select({
            minted: sql<number>`count(distinct ${schema.token.tokenId})::integer`.as("minted"),
            owners: sql<number>`count(distinct ${schema.token.owner})::integer`.as("owners"),
          })
          .from(schema.token);
        return { minted: Number(row?.minted ?? 0), owners: Number(row?.owners ?? 0) };
      }),
    art: (tokenId) =>
      query(async () => {
        const [row] = await db
          .select({ tier: schema.art.tier, palette: schema.art.palette, pixels: schema.art.pixels, version: schema.art.version })
          .from(schema.art)
          .where(eq(schema.art.tokenId, tokenId))
          .orderBy(asc(schema.art.chainId))
          .limit(1);
        if (!row) return undefined;
        return { tokenId, tier: row.tier, version: row.version, palette: row.palette, pixels: hexToBytes(row.pixels) };
      }),
  };
}
