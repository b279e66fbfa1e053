import type { Address } from "viem";
import { z } from "zod";
import type { ChainTierPrices } from "./readTierPrices.ts";

/** A block as the indexer knows it: number and timestamp (unix seconds). */
interface IndexedBlock {
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

const RowSchema = z.object({
  kind: z.enum(["checkpoint", "minting", "minted", "count", "tier", "prices"]),
  chain_id: z.unknown(),
  token_id: z.unknown(),
  a: z.string().nullable(),
  b: z.string().nullable(),
  c: z.string().nullable(),
});
const AnswerSchema = z.object({ rows: z.array(RowSchema) });

type Row = z.infer<typeof RowSchema>;

/** A Ponder checkpoint starts with 10 digits of block timestamp, 16 of chain id, 16 of block number. */
function blockOf(checkpoint: string): IndexedBlock {
  return { timestamp: Number(checkpoint.slice(0, 10)), number: Number(checkpoint.slice(26, 42)) };
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

/** One request's share of the rows. */
function factsOf(rows: readonly Row[], statuses: ChainSaleStatus[], request: SaleFactsRequest): SaleFacts {
  const ids = new Set(request.tokenIds);
  const address = request.address?.toLowerCase();
  const price = rows.find((r) => r.kind === "prices" && Number(r.chain_id) === request.chainId);
  return {
    statuses,
    minted: rows
      .filter((r) => r.kind === "minted" && ids.has(Number(r.token_id)))
      .map((r) => ({ chainId: Number(r.chain_id), tokenId: Number(r.token_id), mintedBlock: Number(r.a) }))
      .sort((x, y) => x.tokenId - y.tokenId || x.chainId - y.chainId),
    mintedToAddress: address ? Number(rows.find((r) => r.kind === "count" && r.b === address)?.a ?? 0) : 0,
    tiers: new Map(
      rows
        .filter((r) => r.kind === "tier" && Number(r.chain_id) === request.chainId && ids.has(Number(r.token_id)))
        .map((r) => [Number(r.token_id), Number(r.a)]),
    ),
    prices: price ? { chainId: request.chainId, common: BigInt(price.a ?? 0), rare: BigInt(price.b ?? 0), artist: BigInt(price.c ?? 0) } : undefined,
  };
}

/**
 * The facts of each of `requests` (in order), read by the indexer in one statement (its
 * `POST /sale-facts`, indexer/src/api/saleFacts.ts): one snapshot for all of them.
 */
export async function readSaleFacts(indexerUrl: string, requests: readonly SaleFactsRequest[]): Promise<SaleFacts[]> {
  if (requests.length === 0) return [];
  const res = await fetch(`${indexerUrl}/sale-facts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ requests }),
  });
  if (!res.ok) throw new Error(`indexer /sale-facts answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const { rows } = AnswerSchema.parse(await res.json());
  const statuses = statusesOf(rows);
  return requests.map((request) => factsOf(rows, statuses, request));
}
