// The activity rows a chain's logs call for, worked out from the logs alone (not Ponder's code), and
// the rows Ponder indexed: the indexer test compares them after mints, moves, pauses and a reorg.
import { and, asc, eq } from "@pixlings/indexer/client";
import { decodeEventLog, zeroAddress, type Hex } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainActivityKind } from "@pixlings/shared/http/activity";
import { schema, type TestChain, type TestIndexer } from "./indexer.ts";

export interface ActivityRow {
  blockNumber: bigint;
  logIndex: number;
  blockHash: string;
  timestamp: bigint;
  txHash: string;
  kind: ChainActivityKind;
  tokenId: number | null;
  account: string | null;
}

/** A log of the contract as its event, or undefined for one the ABI does not know. */
function decodeLog(log: { data: Hex; topics: [Hex, ...Hex[]] | [] }) {
  try {
    return decodeEventLog({ abi: pixlingsAbi, data: log.data, topics: log.topics });
  } catch {
    return undefined;
  }
}

/** Mints (to a wallet or to custody), moves out of custody and sale state changes, in chain order, from the contract's logs. */
export async function chainActivity(c: TestChain): Promise<ActivityRow[]> {
  const pc = c.clients.publicClient;
  const logs = await pc.getLogs({ address: c.address, fromBlock: BigInt(c.deployBlock) });
  const times = new Map<bigint, bigint>();
  const rows: ActivityRow[] = [];
  let custody: string | undefined;
  for (const log of logs.sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex)) {
    const decoded = decodeLog(log);
    if (!decoded) continue;
    const place = async () => {
      if (!times.has(log.blockNumber)) times.set(log.blockNumber, (await pc.getBlock({ blockNumber: log.blockNumber })).timestamp);
      return {
        blockNumber: log.blockNumber,
        logIndex: log.logIndex,
        blockHash: log.blockHash,
        timestamp: times.get(log.blockNumber)!,
        txHash: log.transactionHash,
      };
    };
    if (decoded.eventName === "CustodySet") custody = decoded.args.custody.toLowerCase();
    if (decoded.eventName === "MintingActiveSet") {
      rows.push({ ...(await place()), kind: decoded.args.active ? "sale_opened" : "sale_paused", tokenId: null, account: null });
    }
    if (decoded.eventName === "Transfer") {
      const from = decoded.args.from.toLowerCase();
      const to = decoded.args.to.toLowerCase() as Hex;
      const kind: ChainActivityKind | undefined =
        from === zeroAddress ? (to === custody ? "card_mint" : "mint") : from === custody ? "mint_to_wallet" : undefined;
      if (kind) rows.push({ ...(await place()), kind, tokenId: Number(decoded.args.id), account: to });
    }
  }
  return rows;
}

/** The activity rows Ponder holds for `chainId`, in chain order. */
export async function indexedActivity(indexer: TestIndexer, chainId: number): Promise<ActivityRow[]> {
  const a = schema.activity;
  const rows = await indexer.client.db
    .select({
      blockNumber: a.blockNumber,
      logIndex: a.logIndex,
      blockHash: a.blockHash,
      timestamp: a.timestamp,
      txHash: a.txHash,
      kind: a.kind,
      tokenId: a.tokenId,
      account: a.account,
    })
    .from(a)
    .where(and(eq(a.chainId, chainId)))
    .orderBy(asc(a.blockNumber), asc(a.logIndex));
  return rows;
}
