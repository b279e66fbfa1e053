import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Address, LocalAccount } from "viem";
import { signMintVoucher } from "@pixlings/shared/voucher";
import { tierName } from "@pixlings/shared/tiers";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/schema.ts";
import { HttpError, badRequest } from "../http/HttpError.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleChain, SaleConfig } from "./saleConfig.ts";

export interface Voucher {
  chainId: number;
  contract: Address;
  recipient: Address;
  ids: number[];
  deadline: number;
  signature: `0x${string}`;
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

const conflict = (code: string, message: string, details: Record<string, unknown> = {}): HttpError => new HttpError(409, message, { code, ...details });
const clock = (date: Date): string => `${date.toISOString().slice(11, 19)} UTC`;
const TIER_PRICE_KEY = { Common: "common", Rare: "rare", Artist: "artist" } as const;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}

export function saleChainOf(sale: SaleConfig, chainId: number): SaleChain {
  const chain = sale.chains.find((c) => c.chainId === chainId);
  if (!chain) throw badRequest(`Chain ${chainId} is not supported`);
  return chain;
}

/** Refuses ids minted on any chain, asking the indexer now (never a cache: this is before selling). */
async function refuseMinted(deps: AuthorizeMintDeps, tokenIds: readonly number[]): Promise<void> {
  const [minted] = await deps.indexer.mintedOf(tokenIds);
  if (!minted) return;
  const name = deps.sale.chains.find((c) => c.chainId === minted.chainId)?.name ?? `chain ${minted.chainId}`;
  throw conflict("minted", `Pix #${minted.tokenId} is already minted on ${name}`, { tokenIds: [minted.tokenId], chainId: minted.chainId });
}

/** The wei to send for `tokenIds` on `chain`: the sum of that chain's indexed tier prices. */
async function priceOf(deps: AuthorizeMintDeps, chain: SaleChain, tokenIds: readonly number[]): Promise<bigint> {
  const [tiers, prices] = await Promise.all([deps.indexer.tiersOn(chain.chainId, tokenIds), deps.indexer.tierPrices()]);
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
 * Reserves `tokenIds` for `recipient` on `chainId` and signs the voucher (DESIGN.md, One
 * collection two chains): refuses ids minted anywhere or held by anyone else, enforces the cart,
 * wallet and reservation caps; re-authorizing one's own ids on the same chain renews them.
 */
export async function authorizeMint(deps: AuthorizeMintDeps, p: { userId: number; recipient: Address; tokenIds: number[]; chainId: number }): Promise<Authorization> {
  const { db, sale } = deps;
  const chain = saleChainOf(sale, p.chainId);
  await refuseMinted(deps, p.tokenIds);
  const [value, held] = await Promise.all([priceOf(deps, chain, p.tokenIds), deps.indexer.holdings(p.recipient)]);
  const now = Date.now();
  const deadline = new Date(Math.floor(now / 1000) * 1000 + sale.voucherTtlSeconds * 1000);
  const holdUntil = new Date(deadline.getTime() + sale.marginSeconds * 1000);
  const max = COLLECTION.maxPerWallet;
  try {
    await db.transaction(async (tx) => {
      const live = await tx
        .select()
        .from(reservations)
        .where(and(isNull(reservations.releasedAt), inArray(reservations.tokenId, p.tokenIds)));
      const taken = live.filter((r) => r.address !== p.recipient || r.chainId !== chain.chainId);
      if (taken.length > 0) {
        const until = new Date(Math.max(...taken.map((r) => r.holdUntil.getTime())));
        const ids = taken.map((r) => r.tokenId).sort((a, b) => a - b);
        throw conflict("reserved", `Pix #${ids[0]} is reserved until ${clock(until)}`, { tokenIds: ids, reservedUntil: until.toISOString() });
      }
      const renewing = new Set(live.map((r) => r.tokenId));
      const fresh = p.tokenIds.filter((id) => !renewing.has(id));
      const [{ mine = 0 } = {}] = await tx
        .select({ mine: sql<number>`count(*)::integer` })
        .from(reservations)
        .where(and(isNull(reservations.releasedAt), eq(reservations.address, p.recipient)));
      if (mine + fresh.length > max) {
        throw conflict("reservation_cap", `You can hold at most ${max} reserved Pix at a time; you hold ${mine}`, { limit: max, held: mine });
      }
      if (held + mine + fresh.length > max) {
        throw conflict("wallet_cap", `At most ${max} Pix per wallet across chains: you own ${held} and have ${mine} reserved`, { limit: max, owned: held, reserved: mine });
      }
      if (renewing.size > 0) {
        await tx
          .update(reservations)
          .set({ deadline, holdUntil: sql`greatest(${reservations.holdUntil}, ${holdUntil.toISOString()}::timestamptz)` })
          .where(and(isNull(reservations.releasedAt), inArray(reservations.tokenId, [...renewing])));
      }
      if (fresh.length > 0) {
        await tx.insert(reservations).values(fresh.map((tokenId) => ({ tokenId, address: p.recipient, userId: p.userId, chainId: chain.chainId, deadline, holdUntil })));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("reserved", "Another buyer reserved one of these Pix a moment ago");
    throw error;
  }
  const seconds = BigInt(deadline.getTime() / 1000);
  const signature = await signMintVoucher(deps.signer, { chainId: chain.chainId, contract: chain.contract, recipient: p.recipient, ids: p.tokenIds.map(BigInt), deadline: seconds });
  return {
    voucher: { chainId: chain.chainId, contract: chain.contract, recipient: p.recipient, ids: p.tokenIds, deadline: Number(seconds), signature },
    value: value.toString(),
    reservedUntil: holdUntil.toISOString(),
  };
}
