import { asc, eq } from "@pixlings/indexer/client";
import { getAddress } from "viem";
import { indexerSchema as schema, type IndexerDb } from "../indexerDb.ts";

/** One event of a Pix's history on one chain, as indexed. */
export interface IndexedTokenEvent {
  chainId: number;
  kind: "mint" | "transfer" | "art";
  /** EIP-55; null for a mint and an art replacement. */
  from: string | null;
  /** EIP-55; null for an art replacement. */
  to: string | null;
  block: bigint;
  at: Date;
  txHash: string;
}

const KINDS = new Set(["mint", "transfer", "art"]);

/** Every indexed event of `tokenId` on every chain, oldest first (by time, then chain order). */
export async function readTokenHistory(db: IndexerDb, tokenId: number): Promise<IndexedTokenEvent[]> {
  const rows = await db
    .select({
      chainId: schema.tokenEvent.chainId,
      kind: schema.tokenEvent.kind,
      from: schema.tokenEvent.from,
      to: schema.tokenEvent.to,
      block: schema.tokenEvent.block,
      logIndex: schema.tokenEvent.logIndex,
      timestamp: schema.tokenEvent.timestamp,
      txHash: schema.tokenEvent.txHash,
    })
    .from(schema.tokenEvent)
    .where(eq(schema.tokenEvent.tokenId, tokenId))
    .orderBy(asc(schema.tokenEvent.timestamp), asc(schema.tokenEvent.chainId), asc(schema.tokenEvent.block), asc(schema.tokenEvent.logIndex));
  return rows.map((row) => {
    if (!KINDS.has(row.kind)) throw new Error(`token_event of Pix #${tokenId}: unknown kind ${row.kind}`);
    return {
      chainId: row.chainId,
      kind: row.kind as IndexedTokenEvent["kind"],
      from: row.from ? getAddress(row.from) : null,
      to: row.to ? getAddress(row.to) : null,
      block: BigInt(row.block),
      at: new Date(Number(row.timestamp) * 1000),
      txHash: row.txHash,
    };
  });
}
