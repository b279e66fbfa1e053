import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type CardOrderView, FREEMINT_PIX } from "@pixlings/shared/http/checkout";
import { tierName } from "@pixlings/shared/tiers";
import { HELD_UNTIL_MINTED } from "../sale/cardHoldAddress.ts";
import { holdForSale } from "../sale/holdForSale.ts";
import { linkFreemintCard, payFreeOrder } from "../sale/payFreeOrder.ts";
import { reserveCardOrder } from "../sale/reserveCardOrder.ts";
import { recordRefund } from "../sale/recordRefund.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import type { Db } from "../db/openDatabase.ts";
import { freemintCards } from "../db/tables/freemintCards.ts";
import { CodedError, HttpError } from "../http/HttpError.ts";
import type { IndexerReader, SaleFacts } from "../indexer/indexerReader.ts";
import type { SaleConfig } from "../sale/saleConfig.ts";
import { checkFreemintCard } from "./checkFreemintCard.ts";

export interface RedeemRequest {
  userId: number;
  clientKey: string;
  code: string;
  tokenIds: readonly number[];
}

/** Every id must be a Common Pix (minted nowhere: holdForSale): else 409 with the first that is not. */
function refuseUnfit(facts: SaleFacts, tokenIds: readonly number[]): void {
  for (const id of tokenIds) {
    const tier = facts.tiers.get(id);
    if (tier === undefined) throw new CodedError(`Pix #${id} is not on sale yet`, { code: "unavailable", tokenIds: [id] });
    if (tierName(tier) !== "Common") throw new HttpError(409, `Pix #${id} is a ${tierName(tier)} Pix: freemint cards are for Common Pix only`);
  }
}

/**
 * Redeems a freemint card for Common Pix, at most the card type's number at once. Checked first
 * (active, not expired, enough free slots, ids Common and minted nowhere, sales open); then ONE
 * transaction reserves the ids like any sale (one live hold per id: a race with a card or crypto
 * buyer has one winner), locks the card's row, checks it again and uses the slots. With the ids
 * held, the chains are asked again (a mint that ended another buyer's hold meanwhile): then the
 * order is paid and its custody mint queued, or given back whole (holds released, slots returned)
 * with the same 409 as before. A refusal uses no slot and holds nothing.
 */
export async function redeemFreemint(deps: { db: Db; indexer: IndexerReader; sale: SaleConfig; events: SaleEvents }, r: RedeemRequest): Promise<CardOrderView> {
  const chain = deps.sale.chains[0];
  if (!chain) throw new HttpError(503, "No chain is on sale");
  const tooMany = (card: { cardType: keyof typeof FREEMINT_PIX }, free: number): void => {
    const perRedemption = FREEMINT_PIX[card.cardType];
    if (r.tokenIds.length > free) throw new HttpError(409, `This card has ${free} free Pix left: choose at most ${free}`);
    if (r.tokenIds.length > perRedemption) throw new HttpError(409, `A ${card.cardType} card gives at most ${perRedemption} Pix at a time`);
  };
  const checked = await checkFreemintCard(deps.db, r.code);
  tooMany(checked.card, checked.freeSlots);
  const orderId = randomUUID();
  await holdForSale(deps, {
    chain,
    tokenIds: r.tokenIds,
    facts: () => deps.indexer.saleFacts({ chainId: chain.chainId, tokenIds: r.tokenIds }),
    check: (before) => refuseUnfit(before, r.tokenIds),
    hold: async () => {
      await reserveCardOrder(deps.db, {
        orderId,
        userId: r.userId,
        clientKey: r.clientKey,
        chainId: chain.chainId,
        tokenIds: r.tokenIds,
        amountCents: 0,
        tokenCents: r.tokenIds.map(() => 0),
        holdUntil: HELD_UNTIL_MINTED,
        limits: deps.sale.holds,
        freemint: true,
        alsoInTransaction: async (tx) => {
          const { card, freeSlots } = await checkFreemintCard(tx, r.code, { lock: true });
          tooMany(card, freeSlots);
          const full = card.usedSlots + r.tokenIds.length === card.totalSlots;
          await tx
            .update(freemintCards)
            .set({ usedSlots: sql`${freemintCards.usedSlots} + ${r.tokenIds.length}`, ...(full ? { redeemedAt: sql`now()` } : {}) })
            .where(eq(freemintCards.id, card.id));
          await linkFreemintCard(tx, orderId, card.id);
        },
      });
      return orderId;
    },
    recheck: (after) => refuseUnfit(after, r.tokenIds),
    release: async (_id, error) => {
      const reason = error instanceof HttpError ? error.message : "The Pix could not be checked: the card was not used";
      await deps.db.transaction((tx) => recordRefund(tx, { orderId, tokenIds: r.tokenIds, reason }));
    },
  });
  return payFreeOrder(deps, { id: orderId, chainId: chain.chainId });
}
