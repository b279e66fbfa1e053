import { eq } from "drizzle-orm";
import type { CardOrderView } from "@pixlings/shared/http/checkout";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { enqueueCustodyMint } from "./enqueueCustodyMint.ts";
import { moveOrder } from "./moveOrder.ts";
import type { SaleEvents } from "./saleEvents.ts";
import { toCardOrderView } from "./toCardOrderView.ts";

/** Ties a freemint order to the card whose slots it used (in the hold's transaction: a refund gives them back). */
export async function linkFreemintCard(tx: DbTransaction, orderId: string, freemintCardId: number): Promise<void> {
  await tx.update(cardOrders).set({ freemintCardId }).where(eq(cardOrders.id, orderId));
}

/**
 * An order with nothing to pay (a freemint), its ids checked once held: `paid` and its custody
 * mint queued in one transaction, the worker woken. Returns the order as the buyer sees it.
 */
export async function payFreeOrder(deps: { db: Db; events: SaleEvents }, order: { id: string; chainId: number }): Promise<CardOrderView> {
  await deps.db.transaction(async (tx) => {
    await moveOrder(tx, order.id, { to: "paid", from: ["created"] });
    await enqueueCustodyMint(tx, order);
  });
  deps.events.changed("holds", "jobs");
  const [row] = await deps.db.select().from(cardOrders).where(eq(cardOrders.id, order.id));
  if (!row) throw new Error(`freemint order ${order.id} was not stored`);
  return toCardOrderView(row);
}
