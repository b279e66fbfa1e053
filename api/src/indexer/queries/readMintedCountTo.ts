import { eq, sql } from "@ponder/client";
import type { Address } from "viem";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** How many Pix were minted to `address` over every indexed chain (held or sent away since). */
export async function readMintedCountTo(db: IndexerDb, address: Address): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::integer`.as("total") })
    .from(schema.token)
    .where(eq(schema.token.mintedTo, address.toLowerCase() as Address));
  return Number(row?.total ?? 0);
}
