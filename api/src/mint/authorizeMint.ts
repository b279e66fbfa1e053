import { getAddress, type Address, type LocalAccount } from "viem";
import type { MintAuthorization } from "@pixlings/shared/http/sale";
import { signMintVoucher } from "@pixlings/shared/voucher";
import { tierKey, tierName } from "@pixlings/shared/tiers";
import type { Db } from "../db/openDatabase.ts";
import { badRequest, CodedError, HttpError } from "../http/HttpError.ts";
import type { IndexerReader, SaleFacts } from "../indexer/indexerReader.ts";
import { holdForSale } from "../sale/holdForSale.ts";
import { liveHoldsAround, type LiveHold } from "../sale/liveHoldsAround.ts";
import { reservedConflict, reserveTokens, unreserve } from "../sale/reserveTokens.ts";
import { checkFunds } from "./checkFunds.ts";
import { mintedOnChain } from "./mintedOnChain.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { SaleConfig } from "../sale/saleConfig.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";

export interface AuthorizeMintDeps {
  db: Db;
  indexer: IndexerReader;
  sale: SaleConfig;
  signer: LocalAccount;
  events: SaleEvents;
}

export interface AuthorizeMintRequest {
  userId: number;
  recipient: Address;
  /** Who asks (`clientKeyOf` of the request's IP). */
  clientKey: string;
  tokenIds: number[];
  chainId: number;
  /** `liveHoldsAround(recipient, tokenIds)` when the request has read it already (signedInWalletHits.ts). */
  liveHolds?: LiveHold[];
}

export function saleChainOf(sale: SaleConfig, chainId: number): SaleChain {
  const chain = sale.chains.find((c) => c.chainId === chainId);
  if (!chain) throw badRequest(`Chain ${chainId} is not supported`);
  return chain;
}

/** The wei to send for `tokenIds` on `chain`: the sum of that chain's indexed tier prices. */
function priceOf(chain: SaleChain, facts: SaleFacts, tokenIds: readonly number[]): bigint {
  if (tokenIds.length === 0) return 0n;
  if (!facts.prices) throw new HttpError(503, `${chain.name} is not indexed yet`);
  let total = 0n;
  for (const id of tokenIds) {
    const tier = facts.tiers.get(id);
    if (tier === undefined) throw new CodedError(`Pix #${id} has no art on ${chain.name} yet`, { code: "unavailable", tokenIds: [id] });
    total += facts.prices[tierKey(tierName(tier))];
  }
  return total;
}

/** The ids among the facts' mints (a requested one was refused before: holdForSale). */
const mintedIds = (facts: SaleFacts): Set<number> => new Set(facts.minted.map((m) => m.tokenId));

/**
 * 409 "minted" when the buyer renews its own hold of an id it has minted meanwhile: its hold keeps
 * everyone else away until the mint is final, so only the chain can tell before the indexer does.
 */
async function refuseRenewingMinted(chain: SaleChain, mine: readonly { tokenId: number; chainId: number }[], requested: readonly number[]): Promise<void> {
  const renewing = mine.filter((row) => row.chainId === chain.chainId && requested.includes(row.tokenId)).map((row) => row.tokenId);
  if (renewing.length === 0) return;
  const [minted] = await mintedOnChain(chain, renewing);
  if (minted === undefined) return;
  throw new CodedError(`Pix #${minted} is already minted on ${chain.name}`, { code: "minted", tokenIds: [minted], chainId: chain.chainId });
}

/**
 * Reserves `tokenIds` for `recipient` on `chainId` and signs the voucher (holdForSale): only while sales are open, for a wallet that can pay for what it holds,
 * refusing ids minted anywhere or held by anyone else, within the caps; re-authorizing one's own
 * ids on the same chain renews them. The ids are checked again once they are ours: whatever the
 * indexer showed before the reservation existed, nobody else could mint them after it.
 */
export async function authorizeMint(deps: AuthorizeMintDeps, p: AuthorizeMintRequest): Promise<MintAuthorization> {
  const { sale } = deps;
  const chain = saleChainOf(sale, p.chainId);
  const recipient = getAddress(p.recipient);
  const live = p.liveHolds ?? (await liveHoldsAround(deps.db, recipient, p.tokenIds));
  // Another buyer's hold says more than the funds check would (the reservation decides for good).
  const held = live.filter((row) => p.tokenIds.includes(row.tokenId) && (row.address !== recipient || row.chainId !== chain.chainId));
  if (held.length > 0) {
    // Someone's hold the listings may not show yet (another process took it).
    deps.events.changed("holds");
    throw reservedConflict(held);
  }
  const mine = live.filter((row) => row.address === recipient);
  const { checked, held: reserved } = await holdForSale(deps, {
    chain,
    tokenIds: p.tokenIds,
    facts: (phase) =>
      deps.indexer.saleFacts(
        phase === "before"
          ? { chainId: chain.chainId, tokenIds: [...p.tokenIds, ...mine.map((row) => row.tokenId)], address: recipient }
          : { chainId: chain.chainId, tokenIds: p.tokenIds },
      ),
    check: async (before) => {
      const minted = mintedIds(before);
      await refuseRenewingMinted(chain, mine, p.tokenIds);
      const pendingHere = mine.filter((row) => row.chainId === chain.chainId && !minted.has(row.tokenId) && !p.tokenIds.includes(row.tokenId));
      const value = priceOf(chain, before, p.tokenIds);
      await checkFunds(chain, recipient, {
        order: value,
        pending: priceOf(
          chain,
          before,
          pendingHere.map((row) => row.tokenId),
        ),
      });
      return { value, minted };
    },
    hold: async ({ minted }, before) => {
      // The voucher's time starts once the checks are done, as the hold is taken.
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
        minted: before.mintedToAddress,
        mintedIds: minted,
        limits: sale.holds,
      });
      return { ...reserved, deadlineSeconds };
    },
    release: (reserved) => unreserve(deps.db, reserved.insertedIds),
  });
  if (!reserved) throw new Error("reserveTokens always holds");
  const { deadlineSeconds } = reserved;
  const voucher = { chainId: chain.chainId, contract: chain.contract, recipient, ids: p.tokenIds, deadline: deadlineSeconds };
  const signature = await signMintVoucher(deps.signer, { ...voucher, ids: p.tokenIds.map(BigInt), deadline: BigInt(deadlineSeconds) });
  return { voucher: { ...voucher, signature }, value: checked.value.toString(), reservedUntil: reserved.holdUntil.toISOString() };
}
