import { eq, sql } from "drizzle-orm";
import { freezeOf, type Freeze } from "./freezeOf.ts";
import type { DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { factColumns, type PaymentFacts } from "./readPaymentFacts.ts";

type Order = typeof cardOrders.$inferSelect;

/**
 * Keeps what Stripe said of an order's payment and freezes or unfreezes the order by it, in the
 * caller's transaction (the order's row locked): frozen since the first freeze, unfrozen only
 * when the facts no longer freeze it (a dispute won). Returns the freeze, or null.
 */
export async function recordPaymentFacts(tx: DbTransaction, order: Order, facts: PaymentFacts): Promise<Freeze | null> {
  const columns = factColumns(facts);
  const freeze = freezeOf({ ...order, ...columns });
  await tx
    .update(cardOrders)
    .set({
      ...columns,
      frozenReason: freeze?.reason ?? null,
      frozenAt: freeze ? (order.frozenAt ?? sql`now()`) : null,
      frozenForGood: freeze?.forGood ?? false,
      updatedAt: sql`now()`,
    })
    .where(eq(cardOrders.id, order.id));
  return freeze;
}
