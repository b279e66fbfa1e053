import { getAddress, type Address, type Hex, type LocalAccount } from "viem";
import { signMintVoucher } from "@pixlings/shared/voucher";
import { tierName } from "@pixlings/shared/tiers";
import type { Db } from "../db/openDatabase.ts";
import { badRequest, conflict, HttpError } from "../http/HttpError.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import { heldByOthers, liveIdsOf } from "../reservations/liveIdsOf.ts";
import { reservedConflict, reserveTokens, unreserve } from "../reservations/reserveTokens.ts";
import { checkFunds } from "./checkFunds.ts";
import type { SaleChain, SaleConfig } from "./saleConfig.ts";
import { assertSalesOpen } from "./salesGate.ts";

export interface Voucher {
  chainId: number;
  contract: Address;
  recipient: Address;
  ids: number[];
  /** Unix seconds. */
  deadline: number;
  signature: Hex;
}

export interface Authorization {
  voucher: Voucher;
  /** Wei, decimal: what `mint` must be sent with. */
  value: string;
  reservedUntil: string;
}

export interface AuthorizeMintDeps {
  db: Db;
  indexer: IndexerReader;
  sale: SaleConfig;
  signer: LocalAccount;
}

export interface AuthorizeMintRequest {
  userId: number;
  recipient: Address;
  /** Who asks (`clientKeyOf` of the request's IP). */
  clientKey: string;
  tokenIds: number[];
  chainId: number;
}

const TIER_PRICE_KEY = { Common: "common", Rare: "rare", Artist: "artist" } as const;

export function saleChainOf(sale: SaleConfig, chainId: number): SaleChain {
  const chain = sale.chains.find((c) => c.chainId === chainId);
  if (!chain) throw badRequest(`Chain ${chainId} is not supported`);
  return chain;
}

/** The wei to send for `tokenIds` on `chain`: the sum of that chain's indexed tier prices. */
async function priceOf(indexer: IndexerReader, chain: SaleChain, tokenIds: readonly number[]): Promise<bigint> {
  if (tokenIds.length === 0) return 0n;
  const [tiers, prices] = await Promise.all([indexer.tiersOn(chain.chainId, tokenIds), indexer.tierPrices()]);
  const chainPrices = prices.find((p) => p.chainId === chain.chainId);
  if (!chainPrices) throw new HttpError(503, `${chain.name} is not indexed yet`);
  let total = 0n;
  for (const id of tokenIds) {
    const tier = tiers.get(id);
    if (tier === undefined) throw conflict("unavailable", `Pix #${id} has no art on ${chain.name} yet`, { tokenIds: [id] });
    total += chainPrices[TIER_PRICE_KEY[tierName(tier)]];
  }
  return total;
}

/**
 * Which of `tokenIds` and of the recipient's reserved ids are minted, asked of the indexer now
 * (never a cache: this decides a sale). Throws 409 "minted" for a requested id minted on any chain.
 */
async function mintedAmong(deps: AuthorizeMintDeps, tokenIds: readonly number[], reservedIds: readonly number[] = []): Promise<Set<number>> {
  const minted = await deps.indexer.mintedOf([...new Set([...tokenIds, ...reservedIds])]);
  const sold = minted.find((m) => tokenIds.includes(m.tokenId));
  if (sold) {
    const name = deps.sale.chains.find((c) => c.chainId === sold.chainId)?.name ?? `chain ${sold.chainId}`;
    throw conflict("minted", `Pix #${sold.tokenId} is already minted on ${name}`, { tokenIds: [sold.tokenId], chainId: sold.chainId });
  }
  return new Set(minted.map((m) => m.tokenId));
}

/**
 * Reserves `tokenIds` for `recipient` on `chainId` and signs the voucher (DESIGN.md, One
 * collection two chains): only while sales are open, for a wallet that can pay for what it holds,
 * refusing ids minted anywhere or held by anyone else, within the caps; re-authorizing one's own
 * ids on the same chain renews them. The ids are checked again once they are ours: whatever the
 * indexer showed before the reservation existed, nobody else could mint them after it.
 */
export async function authorizeMint(deps: AuthorizeMintDeps, p: AuthorizeMintRequest): Promise<Authorization> {
  const { sale } = deps;
  const chain = saleChainOf(sale, p.chainId);
  const recipient = getAddress(p.recipient);
  await assertSalesOpen(deps.indexer, sale, chain);
  // Another buyer's hold says more than the funds check would (the reservation decides for good).
  const held = await heldByOthers(deps.db, { tokenIds: p.tokenIds, address: recipient, chainId: chain.chainId });
  if (held.length > 0) throw reservedConflict(held);
  const live = await liveIdsOf(deps.db, recipient);
  const mintedIds = await mintedAmong(deps, p.tokenIds, live.map((row) => row.tokenId));
  const pendingHere = live.filter((row) => row.chainId === chain.chainId && !mintedIds.has(row.tokenId) && !p.tokenIds.includes(row.tokenId));
  // Minted count after the minted ids: a mint indexed in between is counted twice (refusing too
  // much for a moment), never zero times.
  const [value, pendingValue, minted] = await Promise.all([
    priceOf(deps.indexer, chain, p.tokenIds),
    priceOf(deps.indexer, chain, pendingHere.map((row) => row.tokenId)),
    deps.indexer.mintedCountTo(recipient),
  ]);
  await checkFunds(chain, recipient, { order: value, pending: pendingValue });
  const deadlineSeconds = Math.floor(Date.now() / 1000) + sale.voucherTtlSeconds;
  const deadline = new Date(deadlineSeconds * 1000);
  const reserved = await reserveTokens(deps.db, {
    userId: p.userId,
    address: recipient,
    clientKey: p.clientKey,
    chainId: chain.chainId,
    tokenIds: p.tokenIds,
    deadline,
    holdUntil: new Date(deadline.getTime() + sale.marginSeconds * 1000),
    minted,
    mintedIds,
    limits: sale.holds,
  });
  try {
    await assertSalesOpen(deps.indexer, sale, chain);
    await mintedAmong(deps, p.tokenIds);
  } catch (error) {
    await unreserve(deps.db, reserved.insertedIds);
    throw error;
  }
  const voucher = { chainId: chain.chainId, contract: chain.contract, recipient, ids: p.tokenIds, deadline: deadlineSeconds };
  const signature = await signMintVoucher(deps.signer, { ...voucher, ids: p.tokenIds.map(BigInt), deadline: BigInt(deadlineSeconds) });
  return { voucher: { ...voucher, signature }, value: value.toString(), reservedUntil: reserved.holdUntil.toISOString() };
}
