import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { CheckoutResponse } from "@pixlings/shared/http/checkout";
import { tierName, type TierName } from "@pixlings/shared/tiers";
import type { CardConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { CodedError, HttpError } from "../http/HttpError.ts";
import type { IndexerReader, SaleFacts } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { SaleConfig } from "../sale/saleConfig.ts";
import { CARD_PRICE_CENTS } from "./cardPrices.ts";
import { failNewCardOrder } from "../sale/failNewCardOrder.ts";
import { holdForSale } from "../sale/holdForSale.ts";
import { recordPaymentIntent } from "../sale/recordPaymentIntent.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import { reserveCardOrder } from "../sale/reserveCardOrder.ts";
import { resumeLiveOrder } from "../sale/resumeLiveOrder.ts";

export interface PlaceCardOrderDeps {
  db: Db;
  indexer: IndexerReader;
  sale: SaleConfig;
  card: CardConfig;
  stripe: Stripe;
  events: SaleEvents;
}

export interface PlaceCardOrderRequest {
  userId: number;
  clientKey: string;
  tokenIds: readonly number[];
  /** What the client showed the buyer, USD cents: charged only when it is the current total. */
  clientTotalCents: number;
  /** The buyer's verified email (Google's), where the payment provider sends its receipt; null: none. */
  receiptEmail: string | null;
}

/** The idempotency key of an order's PaymentIntent: a retried create returns the same intent. */
const paymentIntentKey = (orderId: string): string => `card-order-${orderId}`;

/** Each id's tier on the primary chain, or 409 "unavailable" for an id without art there. */
function tiersOf(chain: SaleChain, facts: SaleFacts, tokenIds: readonly number[]): TierName[] {
  return tokenIds.map((id) => {
    const tier = facts.tiers.get(id);
    if (tier === undefined) throw new CodedError(`Pix #${id} has no art on ${chain.name} yet`, { code: "unavailable", tokenIds: [id] });
    return tierName(tier);
  });
}

/**
 * A card order (holdForSale): on the primary chain, while sales are open, for ids
 * minted nowhere, at the current card total (409 "stale_total" otherwise), reserved in the same
 * table as crypto sales, then a PaymentIntent for exactly that amount with the order id in its
 * metadata and an idempotency key of the order, cards only. The ids are checked again once they
 * are held. The buyer's own unpaid order for the same ids is resumed rather than refused; one that
 * holds some of them is replaced (reserveCardOrder). The provider mails its receipt to the buyer's
 * verified email.
 */
export async function placeCardOrder(deps: PlaceCardOrderDeps, p: PlaceCardOrderRequest): Promise<CheckoutResponse> {
  const chain = deps.sale.chains[0];
  if (!chain) throw new HttpError(503, "No chain is on sale");
  const orderId = randomUUID();
  const { checked, held } = await holdForSale(deps, {
    chain,
    tokenIds: p.tokenIds,
    facts: () => deps.indexer.saleFacts({ chainId: chain.chainId, tokenIds: p.tokenIds }),
    check: async (before) => {
      const cents = tiersOf(chain, before, p.tokenIds).map((tier) => CARD_PRICE_CENTS[tier]);
      const amount = cents.reduce((sum, c) => sum + c, 0);
      if (amount !== p.clientTotalCents) {
        throw new CodedError(`The total is now $${(amount / 100).toFixed(2)}: check the order and pay again`, { code: "stale_total", totalAmount: amount });
      }
      const resumed = await resumeLiveOrder(deps.db, deps.stripe, p.userId, p.tokenIds);
      return { cents, amount, resumed: resumed?.amount === amount ? resumed : undefined };
    },
    hold: async ({ cents, amount, resumed }) => {
      if (resumed) return undefined;
      await reserveCardOrder(deps.db, {
        orderId,
        userId: p.userId,
        clientKey: p.clientKey,
        chainId: chain.chainId,
        tokenIds: p.tokenIds,
        amountCents: amount,
        tokenCents: cents,
        // Until a card is submitted: then the expiry sweeper extends it to the order's time (expireCardOrders.ts).
        holdUntil: new Date(Date.now() + deps.card.unpaidHoldSeconds * 1000),
        limits: deps.sale.holds,
      });
      return orderId;
    },
    release: (id, error) => failNewCardOrder(deps.db, id, error),
  });
  if (!held) return checked.resumed!;
  const { amount } = checked;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.create(
      {
        amount,
        currency: "usd",
        description: `Pixlings ${p.tokenIds.map((id) => `#${id}`).join(", ")}`,
        metadata: { orderId, tokenIds: p.tokenIds.join(",") },
        allowed_payment_method_types: ["card"],
        ...(p.receiptEmail ? { receipt_email: p.receiptEmail } : {}),
      },
      { idempotencyKey: paymentIntentKey(orderId) },
    );
    if (!intent.client_secret) throw new HttpError(503, "The payment provider sent no client secret: please try again in a moment");
  } catch (error) {
    try {
      await failNewCardOrder(deps.db, orderId, error);
    } finally {
      deps.events.changed("holds");
    }
    throw error;
  }
  await recordPaymentIntent(deps.db, orderId, intent.id);
  return { clientSecret: intent.client_secret!, orderId, amount };
}
