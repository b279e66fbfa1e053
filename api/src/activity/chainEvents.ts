import { getAddress } from "viem";
import type { PixActivity, SaleActivity } from "@pixlings/shared/http/activity";
import type { ActivityRow } from "../indexer/indexerReader.ts";
import { chainEventId } from "./activityIds.ts";

/** An indexed activity row as the feed shows it. */
export function chainEvent(row: ActivityRow): PixActivity | SaleActivity {
  const base = {
    id: chainEventId(row.chainId, { block: row.blockNumber, logIndex: row.logIndex }, row.blockHash),
    chainId: row.chainId,
    blockNumber: Number(row.blockNumber),
    txHash: row.txHash,
    at: new Date(Number(row.timestamp) * 1000).toISOString(),
  };
  if (row.kind === "sale_opened" || row.kind === "sale_paused") return { ...base, kind: row.kind };
  if (row.tokenId === null || row.account === null) throw new Error(`activity row ${base.id} (${row.kind}) has no token or account`);
  return { ...base, kind: row.kind, tokenId: row.tokenId, account: getAddress(row.account) };
}
