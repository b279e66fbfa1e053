import { z } from "zod";
import { intAtLeast, optional, type Env } from "@pixlings/shared/env";

/** How many ids one client or address may hold, and for how long (docs/design.md#one-collection-on-two-chains). */
export interface HoldLimits {
  /** Live reservations per client (IP, IPv6 by /64), whatever the number of addresses. */
  perClient: number;
  /** New vouchers that may extend one reservation. */
  maxRenewals: number;
  /** After a voucher expired unused, its ids stay off limits to its address and client this long. */
  cooldownSeconds: number;
  /** Vouchers pause while the indexer is more blocks than this behind any sale chain's head. */
  maxIndexerLagBlocks: number;
}

export const HoldEnvSchema = z.object({
  RESERVATION_CLIENT_CAP: optional(intAtLeast(1).max(9999)),
  RESERVATION_MAX_RENEWALS: optional(intAtLeast(0).max(100)),
  RESERVATION_COOLDOWN_SECONDS: optional(intAtLeast(0).max(86_400)),
  SALE_MAX_INDEXER_LAG_BLOCKS: optional(intAtLeast(0).max(10_000)),
});

export function readHoldLimits(env: Env): HoldLimits {
  const e = HoldEnvSchema.parse(env);
  return {
    perClient: e.RESERVATION_CLIENT_CAP ?? 100,
    maxRenewals: e.RESERVATION_MAX_RENEWALS ?? 3,
    cooldownSeconds: e.RESERVATION_COOLDOWN_SECONDS ?? 600,
    maxIndexerLagBlocks: e.SALE_MAX_INDEXER_LAG_BLOCKS ?? 5,
  };
}
