import { eq, sql } from "@ponder/client";
import type { Address } from "viem";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** How many Pix `address` holds, summed over every indexed chain. */
export async function readHoldings(db: IndexerDb, address: Address): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${schema.holder.balance}), 0)::integer`.as("total") })
    .from(schema.holder)
    .where(eq(schema.holder.address, address.toLowerCase() as Address));
  return Number(row?.total ?? 0);
}
