import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";

/**
 * Queues the custody mint of a paid order, in the caller's transaction (the order's move to
 * `paid`): the job exists exactly when the order was paid, whatever crashes after.
 */
export async function enqueueCustodyMint(tx: Db | DbTransaction, order: { id: string; chainId: number }): Promise<void> {
  await tx.insert(orderJobs).values({ kind: "mint", orderId: order.id, chainId: order.chainId }).onConflictDoNothing();
}
