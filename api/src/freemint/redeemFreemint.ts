import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { CardOrderView } from "@pixlings/shared/http/checkout";
import { tierName } from "@pixlings/shared/tiers";
import { HELD_UNTIL_MINTED } from "../checkout/cardHoldAddress.ts";
import { reserveCardOrder } from "../checkout/reserveCardOrder.ts";
import { toCardOrderView } from "../checkout/toCardOrderView.ts";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders, freemintCards } from "../db/schema.ts";
import { CodedError, HttpError } from "../http/HttpError.ts";
import type { IndexerReader, SaleFacts } from "../indexer/indexerReader.ts";
import type { SaleConfig } from "../mint/saleConfig.ts";
import { assertSalesOpen, indexerSilent } from "../mint/salesGate.ts";
import { enqueueCustodyMint } from "../fulfilment/enqueueCustodyMint.ts";
import { checkFreemintCard } from "./checkFreemintCard.ts";

export interface RedeemRequest {
  userId: number;
  clientKey: string;
  code: string;
  tokenIds: readonly number[];
}

/** Every id must be a Common Pix minted nowhere: else 409 with the first that is not. */
function refuseUnfit(sale: SaleConfig, facts: SaleFacts, tokenIds: readonly number[]): void {
  const sold = facts.minted.find((m) => tokenIds.includes(m.tokenId));
  if (sold) {
    const name = sale.chains.find((c) => c.chainId === sold.chainId)?.name ?? `chain ${sold.chainId}`;
    throw new CodedError(`Pix #${sold.tokenId} is already minted on ${name}`, { code: "minted", tokenIds: [sold.tokenId], chainId: sold.chainId });
  }
  for (const id of tokenIds) {
    const tier = facts.tiers.get(id);
    if (tier === undefined) throw new CodedError(`Pix #${id} is not on sale yet`, { code: "unavailable", tokenIds: [id] });
    if (tierName(tier) !== "Common") throw new HttpError(409, `Pix #${id} is a ${tierName(tier)} Pix: freemint cards are for Common Pix only`);
  }
}

/**
 * Redeems a freemint card for Common Pix: checked (active, not expired, enough free slots, ids
 * Common and minted nowhere, sales open), then in ONE transaction the card's row is locked and
 * checked again, the order is stored paid (no payment), its ids reserved like any sale (one live
 * hold per id: a race with a card or crypto buyer has one winner), the slots used and the custody
 * mint queued. Any refusal reserves nothing and uses no slot.
 */
export async function redeemFreemint(deps: { db: Db; indexer: IndexerReader; sale: SaleConfig }, r: RedeemRequest): Promise<CardOrderView> {
  const chain = deps.sale.chains[0];
  if (!chain) throw new HttpError(503, "No chain is on sale");
  const { freeSlots } = await checkFreemintCard(deps.db, r.code);
  if (r.tokenIds.length > freeSlots) throw new HttpError(409, `This card has ${freeSlots} free Pix left: choose at most ${freeSlots}`);
  const facts = await deps.indexer.saleFacts({ chainId: chain.chainId, tokenIds: r.tokenIds }).catch((e: unknown) => Promise.reject(indexerSilent(e)));
  await assertSalesOpen(deps.sale, chain, facts.statuses);
  refuseUnfit(deps.sale, facts, r.tokenIds);
  const orderId = randomUUID();
  let cardId = 0;
  await reserveCardOrder(deps.db, {
    orderId,
    userId: r.userId,
    clientKey: r.clientKey,
    chainId: chain.chainId,
    tokenIds: r.tokenIds,
    amountCents: 0,
    holdUntil: HELD_UNTIL_MINTED,
    limits: deps.sale.holds,
    freemint: true,
    alsoInTransaction: async (tx) => {
      const { card, freeSlots: free } = await checkFreemintCard(tx, r.code, { lock: true });
      if (r.tokenIds.length > free) throw new HttpError(409, `This card has ${free} free Pix left: choose at most ${free}`);
      cardId = card.id;
      const full = card.usedSlots + r.tokenIds.length === card.totalSlots;
      await tx
        .update(freemintCards)
        .set({ usedSlots: sql`${freemintCards.usedSlots} + ${r.tokenIds.length}`, ...(full ? { redeemedAt: sql`now()` } : {}) })
        .where(eq(freemintCards.id, card.id));
      await tx.update(cardOrders).set({ freemintCardId: card.id }).where(eq(cardOrders.id, orderId));
      await enqueueCustodyMint(tx, { id: orderId, chainId: chain.chainId });
    },
  });
  const [order] = await deps.db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
  if (!order || cardId === 0) throw new Error(`freemint order ${orderId} was not stored`);
  return toCardOrderView(order);
}
