import { eq } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";

/** Stores the PaymentIntent that pays an order (its id: the webhook and the worker find the order by it). */
export async function recordPaymentIntent(db: Db | DbTransaction, orderId: string, paymentIntentId: string): Promise<void> {
  await db.update(cardOrders).set({ paymentIntentId }).where(eq(cardOrders.id, orderId));
}
