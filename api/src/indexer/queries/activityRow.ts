import type { ChainActivityKind } from "@pixlings/shared/http/activity";
import { indexerSchema as schema } from "../indexerDb.ts";

/** Where a chain put a log: its block and its index in the block. */
export interface LogPosition {
  block: bigint;
  logIndex: number;
}

/** One row of the indexer's `activity` table. */
export interface ActivityRow {
  chainId: number;
  blockNumber: bigint;
  logIndex: number;
  /** Lowercase 0x hex, as Ponder stores it. */
  blockHash: string;
  /** Unix seconds of the block. */
  timestamp: bigint;
  txHash: string;
  kind: ChainActivityKind;
  tokenId: number | null;
  account: string | null;
}

const a = schema.activity;

/** The columns every activity query selects, typed as ActivityRow. */
export const activityColumns = {
  chainId: a.chainId,
  blockNumber: a.blockNumber,
  logIndex: a.logIndex,
  blockHash: a.blockHash,
  timestamp: a.timestamp,
  txHash: a.txHash,
  kind: a.kind,
  tokenId: a.tokenId,
  account: a.account,
};

/** The row as ActivityRow (the drivers agree on the column types; the kind is checked by the table's writer, the indexer). */
export const toActivityRow = (row: { [K in keyof ActivityRow]: unknown }): ActivityRow => ({
  chainId: Number(row.chainId),
  blockNumber: BigInt(row.blockNumber as bigint | string),
  logIndex: Number(row.logIndex),
  blockHash: String(row.blockHash).toLowerCase(),
  timestamp: BigInt(row.timestamp as bigint | string),
  txHash: String(row.txHash).toLowerCase(),
  kind: row.kind as ChainActivityKind,
  tokenId: row.tokenId === null ? null : Number(row.tokenId),
  account: row.account === null ? null : String(row.account).toLowerCase(),
});
