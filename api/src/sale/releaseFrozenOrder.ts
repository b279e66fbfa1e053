import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../audit/recordAudit.ts";
import type { DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { CodedError, notFound } from "../http/HttpError.ts";
import { type Freeze, freezeOf, isReleasable } from "./freezeOf.ts";

type Order = typeof cardOrders.$inferSelect;

const refused = (message: string, freeze: Freeze | null): CodedError => new CodedError(message, { code: "not_releasable", cause: freeze?.cause ?? null });

/** The freeze an admin may release now, or why not (409 `not_releasable`). */
function releasableFreeze(order: Order): Freeze {
  if (order.frozenReason === null) throw refused(`Order ${order.id} is not frozen`, null);
  // An event came in that the worker has not checked with Stripe yet: release only what Stripe said.
  if (order.paymentEventsChecked < order.paymentEvents) {
    throw refused(`Stripe's latest word on order ${order.id}'s payment is still being read: try again in a moment`, null);
  }
  const freeze = freezeOf(order);
  if (freeze === null) throw refused(`Order ${order.id}'s freeze is being lifted already`, null);
  if (freeze.forGood) throw refused(`Order ${order.id} is frozen for good: ${freeze.reason}`, freeze);
  if (!isReleasable(freeze)) {
    throw refused(`Order ${order.id}'s payment is disputed: the card's issuer decides, and the order unfreezes by itself when the shop wins`, freeze);
  }
  return freeze;
}

/**
 * An admin reviewed a frozen card order (a fraud warning, part of the payment refunded outside the
 * shop) and lets its Pix leave custody: the warning and the refunded cents it saw are recorded as
 * released, so only a newer warning, a larger refund or a dispute freezes the order again. In the
 * caller's transaction, the order's row locked, audited. Returns the order as it is now.
 */
export async function releaseFrozenOrder(tx: DbTransaction, admin: Parameters<typeof recordAudit>[1], orderId: string): Promise<Order> {
  const [order] = await tx.select().from(cardOrders).where(eq(cardOrders.id, orderId)).for("update");
  if (!order) throw notFound(`No card order ${orderId}`);
  const freeze = releasableFreeze(order);
  const released = {
    releasedFraudWarningId: order.fraudWarningId,
    releasedRefundCents: Math.max(0, order.stripeRefundedCents - order.refundedCents),
  };
  const after = freezeOf({ ...order, ...released });
  const [updated] = await tx
    .update(cardOrders)
    .set({
      ...released,
      frozenReason: after?.reason ?? null,
      frozenAt: after ? order.frozenAt : null,
      frozenForGood: after?.forGood ?? false,
      updatedAt: sql`now()`,
    })
    .where(eq(cardOrders.id, order.id))
    .returning();
  const pix = order.tokenIds.map((id) => `#${id}`).join(", ");
  await recordAudit(tx, admin, { action: "card_order.release", detail: `order ${order.id} (Pix ${pix}): released "${freeze.reason}"` });
  return updated ?? order;
}
