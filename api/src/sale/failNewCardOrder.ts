import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { moveOrder } from "./moveOrder.ts";
import { releaseOrderHolds } from "./releaseOrderHolds.ts";

/**
 * A card order that could not start (its ids refused once held, or no PaymentIntent): its holds
 * end as `cancelled` (no cooldown) and it ends `failed` with the reason. A failure that is not an
 * answer of ours (the provider or the network) throws 503 in its place.
 */
export async function failNewCardOrder(db: Db, orderId: string, error: unknown): Promise<void> {
  await releaseOrderHolds(db, orderId, "cancelled");
  const providerDown = !(error instanceof HttpError);
  await moveOrder(db, orderId, { to: "failed", reason: providerDown ? "The payment could not be started" : error.message });
  if (providerDown) throw new HttpError(503, "Card payments are unavailable right now: please try again in a moment");
}
