import { and, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { reservations } from "../db/tables/reservations.ts";
import type { ChainSaleStatus, MintedOn } from "../indexer/indexerReader.ts";

interface Settled {
  minted: number[];
  expired: number[];
}

/**
 * Which live reservations of one chain the indexer shows as settled for good: the id's mint on
 * that chain is final, or (a voucher's hold) a finalized block is past the hold (no block after it
 * can take the voucher, and every block up to it is indexed). A mint still unfinal past the hold counts as
 * minted: a reorg could only drop it for good, the voucher being expired.
 */
function settledOn(
  status: ChainSaleStatus,
  live: readonly { id: number; tokenId: number; holdUntil: Date; orderId: string | null }[],
  minted: readonly MintedOn[],
): Settled {
  const finalizedMs = status.finalized.timestamp * 1000;
  const settled: Settled = { minted: [], expired: [] };
  for (const row of live) {
    const mint = minted.find((m) => m.chainId === status.chainId && m.tokenId === row.tokenId);
    const pastHold = row.holdUntil.getTime() < finalizedMs;
    if (mint && (mint.mintedBlock <= status.finalized.number || pastHold)) settled.minted.push(row.id);
    // A card hold runs out through its order (sale/expireCardOrders.ts: the payment is cancelled first).
    else if (!mint && pastHold && row.orderId === null) settled.expired.push(row.id);
  }
  return settled;
}

/** What the indexer shows now about `tokenIds`: every chain's progress, and their mints. */
export type SettledFacts = (tokenIds: readonly number[]) => Promise<{ statuses: readonly ChainSaleStatus[]; minted: readonly MintedOn[] }>;

/**
 * Releases the live reservations the indexer shows settled (`settledOn`), from one read of its
 * facts; never on anything else (a receipt, a client's report, our clock). Returns how many.
 */
export async function releaseSettled(db: Db, factsOf: SettledFacts, now = new Date()): Promise<number> {
  const live = await db
    .select({
      id: reservations.id,
      tokenId: reservations.tokenId,
      chainId: reservations.chainId,
      holdUntil: reservations.holdUntil,
      orderId: reservations.orderId,
    })
    .from(reservations)
    .where(isNull(reservations.releasedAt));
  if (live.length === 0) return 0;
  const facts = await factsOf([...new Set(live.map((row) => row.tokenId))]);
  const settled: Settled = { minted: [], expired: [] };
  for (const status of facts.statuses) {
    const onChain = settledOn(
      status,
      live.filter((row) => row.chainId === status.chainId),
      facts.minted,
    );
    settled.minted.push(...onChain.minted);
    settled.expired.push(...onChain.expired);
  }
  let released = 0;
  for (const reason of ["minted", "expired"] as const) {
    if (settled[reason].length === 0) continue;
    const rows = await db
      .update(reservations)
      .set({ releasedAt: now, releaseReason: reason })
      .where(and(isNull(reservations.releasedAt), inArray(reservations.id, settled[reason])))
      .returning({ id: reservations.id });
    released += rows.length;
  }
  return released;
}
