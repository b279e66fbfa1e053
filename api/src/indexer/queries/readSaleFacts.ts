import { sql, type SQL } from "@ponder/client";
import type { Address } from "viem";
import type { IndexerDb } from "../indexerDb.ts";
import type { ChainTierPrices } from "./readTierPrices.ts";

/** A block as the indexer knows it: number and timestamp (unix seconds). */
export interface IndexedBlock {
  number: number;
  timestamp: number;
}

/** How far the indexer has got on one chain, and whether that chain's contract sells. */
export interface ChainSaleStatus {
  chainId: number;
  /** The latest block indexed. */
  latest: IndexedBlock;
  /** The latest indexed block that is final: what it shows up to here never changes. */
  finalized: IndexedBlock;
  /** `mintingActive` as indexed; undefined before the contract's first MintingActiveSet. */
  mintingActive: boolean | undefined;
}

/** A Pix minted on one chain, with the block that minted it. */
export interface MintedOn {
  chainId: number;
  tokenId: number;
  mintedBlock: number;
}

/** Everything one sale decision reads from the indexer, as of one moment (one query). */
export interface SaleFacts {
  /** Every indexed chain's progress and minting state. */
  statuses: ChainSaleStatus[];
  /** The mints of `tokenIds`, on every chain. */
  minted: MintedOn[];
  /** Pix minted to `address` over every chain (held or sent away since); 0 without an address. */
  mintedToAddress: number;
  /** Tier codes of `tokenIds` on `chainId`, where art is indexed. */
  tiers: Map<number, number>;
  /** `chainId`'s tier prices, once indexed. */
  prices: ChainTierPrices | undefined;
}

export interface SaleFactsRequest {
  tokenIds: readonly number[];
  /** The chain of the tiers and prices (any chain id when none are wanted). */
  chainId: number;
  address?: Address;
}

interface Row {
  kind: "checkpoint" | "minting" | "minted" | "count" | "tier" | "prices";
  chain_id: unknown;
  token_id: unknown;
  a: string | null;
  b: string | null;
  c: string | null;
}

/** A Ponder checkpoint starts with 10 digits of block timestamp, 16 of chain id, 16 of block number. */
function blockOf(checkpoint: string): IndexedBlock {
  return { timestamp: Number(checkpoint.slice(0, 10)), number: Number(checkpoint.slice(26, 42)) };
}

const idList = (ids: readonly number[]): SQL => (ids.length === 0 ? sql`NULL` : sql.join(ids.map((id) => sql`${id}`), sql`, `));

/**
 * One statement, so every fact comes from the same snapshot: Ponder's own `_ponder_checkpoint`
 * (which its /sql endpoint and its views schema both expose) beside the tables a sale decides on.
 */
function saleFactsQuery(p: SaleFactsRequest): SQL {
  const ids = idList([...new Set(p.tokenIds)]);
  const address = (p.address ?? "0x").toLowerCase();
  return sql`SELECT 'checkpoint' AS kind, chain_id::integer AS chain_id, NULL::integer AS token_id, latest_checkpoint AS a, finalized_checkpoint AS b, NULL AS c FROM _ponder_checkpoint
    UNION ALL SELECT 'minting', chain_id, NULL, active::text, NULL, NULL FROM minting
    UNION ALL SELECT 'minted', chain_id, token_id, minted_block::text, NULL, NULL FROM token WHERE token_id IN (${ids})
    UNION ALL SELECT 'count', NULL, NULL, count(*)::text, NULL, NULL FROM token WHERE minted_to = ${address}
    UNION ALL SELECT 'tier', chain_id, token_id, tier::text, NULL, NULL FROM art WHERE chain_id = ${p.chainId} AND token_id IN (${ids})
    UNION ALL SELECT 'prices', chain_id, NULL, common::text, rare::text, artist::text FROM tier_prices WHERE chain_id = ${p.chainId}`;
}

function statusesOf(rows: readonly Row[]): ChainSaleStatus[] {
  const minting = new Map(rows.filter((r) => r.kind === "minting").map((r) => [Number(r.chain_id), r.a === "true"]));
  return rows
    .filter((r) => r.kind === "checkpoint")
    .map((r) => {
      const chainId = Number(r.chain_id);
      const latest = blockOf(r.a ?? "");
      const finalized = blockOf(r.b ?? "");
      // Ponder moves the finalized checkpoint on its own; never past what is indexed.
      return { chainId, latest, finalized: finalized.number <= latest.number ? finalized : latest, mintingActive: minting.get(chainId) };
    })
    .sort((x, y) => x.chainId - y.chainId);
}

export async function readSaleFacts(db: IndexerDb, p: SaleFactsRequest): Promise<SaleFacts> {
  const result = await db.execute(saleFactsQuery(p));
  // @ponder/client answers raw SQL with the rows; the pg-proxy of the views mode with { rows }.
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Row[];
  const price = rows.find((r) => r.kind === "prices");
  return {
    statuses: statusesOf(rows),
    minted: rows
      .filter((r) => r.kind === "minted")
      .map((r) => ({ chainId: Number(r.chain_id), tokenId: Number(r.token_id), mintedBlock: Number(r.a) }))
      .sort((x, y) => x.tokenId - y.tokenId || x.chainId - y.chainId),
    mintedToAddress: p.address ? Number(rows.find((r) => r.kind === "count")?.a ?? 0) : 0,
    tiers: new Map(rows.filter((r) => r.kind === "tier").map((r) => [Number(r.token_id), Number(r.a)])),
    prices: price ? { chainId: Number(price.chain_id), common: BigInt(price.a ?? 0), rare: BigInt(price.b ?? 0), artist: BigInt(price.c ?? 0) } : undefined,
  };
}
