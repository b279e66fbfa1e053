import { sql, type SQL } from "@pixlings/indexer/client";
import { z } from "zod";
import { freshRead } from "./freshRead.ts";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/**
 * Sums over one chain's token rows that any change of a row's presence, id, owner or block moves
 * (decimal strings: the sums outgrow 2^53). `tokenFingerprint.ts` computes the same in memory.
 */
export interface TokenSums {
  count: number;
  /** The last block that minted or moved a Pix on the chain. */
  maxBlock: bigint;
  idSum: bigint;
  blockSum: bigint;
  /** Σ tokenId × updatedBlock. */
  idBlockSum: bigint;
  /** Σ tokenId × (the owner address' last 24 bits). */
  idOwnerSum: bigint;
}

/** One token row as the API mirrors it. */
export interface TokenRow {
  tokenId: number;
  /** Lowercase 0x address, as Ponder stores it. */
  owner: string;
  updatedBlock: bigint;
}

/** One chain's token table: its sums and the rows changed after the block asked for. */
export interface ChainTokenChanges {
  chainId: number;
  sums: TokenSums;
  /** Every row with `updatedBlock` past the chain's `since` block (all rows for a chain not asked about). */
  changed: TokenRow[];
}

const decimal = z.union([z.string(), z.number(), z.bigint()]).transform((value, ctx) => {
  try {
    return BigInt(value);
  } catch {
    ctx.addIssue({ code: "custom", message: `not an integer: ${String(value)}` });
    return z.NEVER;
  }
});
const changedRows = z
  .array(z.tuple([z.number().int(), z.string().regex(/^0x[0-9a-fA-F]{40}$/), decimal]))
  .nullable()
  .transform((rows): TokenRow[] => (rows ?? []).map(([tokenId, owner, updatedBlock]) => ({ tokenId, owner: owner.toLowerCase(), updatedBlock })));
const chainRow = z.object({
  chainId: z.number().int(),
  count: z.number().int(),
  maxBlock: decimal,
  idSum: decimal,
  blockSum: decimal,
  idBlockSum: decimal,
  idOwnerSum: decimal,
  // json: parsed by every driver we read through (Ponder's /sql answers JSON; postgres.js parses json)
  changed: z.preprocess((value) => (typeof value === "string" ? JSON.parse(value) : value), changedRows),
});

/**
 * Per indexed chain, in ONE statement (one snapshot, so the rows and the sums agree): the sums of
 * its token rows and the rows whose `updatedBlock` is past `since.get(chainId)` (every row of a
 * chain missing from `since`). A chain without any token row is absent from the answer. Asking
 * with the last block already mirrored gives the mints and transfers since, in a few bytes; a row
 * that a reorg removed or took back to an earlier block shows only in the sums.
 */
export async function readTokenChanges(db: IndexerDb, since: ReadonlyMap<number, bigint>): Promise<ChainTokenChanges[]> {
  const t = schema.token;
  const known = [...since].map(([chainId, block]) => sql`when ${chainId} then ${block.toString()}::bigint`);
  const after: SQL = known.length > 0 ? sql`case ${t.chainId} ${sql.join(known, sql` `)} else -1::bigint end` : sql`-1::bigint`;
  // The owner's last 6 hex digits as an integer: Ponder's SQL endpoint admits casts, not hash functions.
  const owner24 = sql`('x' || substring(${t.owner}, 37, 6))::bit(24)::integer`;
  const rows = await db
    .select({
      chainId: t.chainId,
      count: sql<number>`count(*)::integer`.as("count"),
      maxBlock: sql<string>`max(${t.updatedBlock})::text`.as("max_block"),
      idSum: sql<string>`sum(${t.tokenId})::text`.as("id_sum"),
      blockSum: sql<string>`sum(${t.updatedBlock})::text`.as("block_sum"),
      idBlockSum: sql<string>`sum(${t.tokenId}::bigint * ${t.updatedBlock})::text`.as("id_block_sum"),
      idOwnerSum: sql<string>`sum(${t.tokenId}::bigint * ${owner24})::text`.as("id_owner_sum"),
      changed: sql<unknown>`json_agg(json_build_array(${t.tokenId}, ${t.owner}, ${t.updatedBlock}::text)) filter (where ${t.updatedBlock} > ${after})`.as(
        "changed",
      ),
      fresh: freshRead(),
    })
    .from(t)
    .groupBy(t.chainId)
    .orderBy(t.chainId);
  return rows.map((row) => {
    const { changed, ...sums } = chainRow.parse(row);
    const { chainId, ...rest } = sums;
    return { chainId, sums: rest, changed };
  });
}
