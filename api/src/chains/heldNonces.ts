import { and, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { isAddressEqual, type Address, type Hex } from "viem";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { replacementJobs } from "../db/tables/artReplacements.ts";
import { transactionSenders } from "./transactionSenders.ts";

/**
 * The nonces at or above `from` of `address` on `chainId` that a stored transaction of a live job
 * still holds: an order job queued or sent (its transaction may be pending, or sent again), an
 * Approve & Replace job pending or sent (it re-signs at the nonce it holds). A job done or failed
 * holds nothing: its nonce is free again once the chain has not used it. The sender is read from
 * each signed transaction itself (recovered once per process: transactionSenders.ts), so every
 * key's jobs count, whichever table they are in.
 */
export async function heldNonces(db: Db | DbTransaction, key: { chainId: number; address: Address }, from: number): Promise<number[]> {
  const [orders, replacements] = await Promise.all([
    db
      .select({ nonce: orderJobs.nonce, raw: orderJobs.rawTx })
      .from(orderJobs)
      .where(and(eq(orderJobs.chainId, key.chainId), inArray(orderJobs.state, ["queued", "sent"]), isNotNull(orderJobs.rawTx), gte(orderJobs.nonce, from))),
    db
      .select({ nonce: replacementJobs.nonce, raw: replacementJobs.rawTx })
      .from(replacementJobs)
      .where(
        and(
          eq(replacementJobs.chainId, key.chainId),
          inArray(replacementJobs.state, ["pending", "sent"]),
          isNotNull(replacementJobs.rawTx),
          gte(replacementJobs.nonce, from),
        ),
      ),
  ]);
  const held = new Set<number>();
  for (const row of [...orders, ...replacements]) {
    const sender = await transactionSenders.senderOf(row.raw as Hex);
    if (sender && isAddressEqual(sender, key.address)) held.add(row.nonce!);
  }
  return [...held].sort((a, b) => a - b);
}

/** The lowest nonce at or above `from` that none of `held` is. */
export function lowestFree(from: number, held: readonly number[]): number {
  let nonce = from;
  while (held.includes(nonce)) nonce += 1;
  return nonce;
}
