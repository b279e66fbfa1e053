import type { CardOrderState } from "../db/tables/cardOrders.ts";

/** What decides whether an order's Pix may leave custody: the order, and what Stripe says of its payment. */
export interface FreezeFacts {
  state: CardOrderState;
  amountCents: number;
  /** Cents the shop itself decided to give back (lost ids, a payment that did not match). */
  refundedCents: number;
  /** Cents refunded in all as Stripe says, and whether that is the whole charge. */
  stripeRefundedCents: number;
  refundedInFull: boolean;
  disputeStatus: string | null;
  disputeReason: string | null;
  fraudWarningId: string | null;
  fraudType: string | null;
  /** What an admin reviewed and released: that fraud warning, and outside refunds up to these cents. */
  releasedFraudWarningId: string | null;
  releasedRefundCents: number;
}

/** What froze an order: a chargeback lost, the payment refunded in full or in part outside the shop, a dispute, a fraud warning. */
export type FreezeCause = "dispute_lost" | "refunded" | "disputed" | "fraud_warning" | "partly_refunded";

export interface Freeze {
  cause: FreezeCause;
  reason: string;
  /** A lost dispute or a full refund: nothing will lift it. */
  forGood: boolean;
}

/** Freezes the shop reviews itself, which an admin may release (a dispute is decided by the card's issuer). */
export const isReleasable = (freeze: Freeze): boolean => freeze.cause === "fraud_warning" || freeze.cause === "partly_refunded";

/** Orders that hold (or own, in custody) their Pix: the others have nothing to freeze. */
const HOLDING: readonly CardOrderState[] = ["created", "paid", "minting", "minted"];
/** A dispute over in the shop's favour (won, or an inquiry closed without a chargeback). */
const DISPUTE_SETTLED = ["won", "warning_closed", "prevented"];

const usd = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const why = (reason: string | null): string => (reason ? ` (${reason.replaceAll("_", " ")})` : "");

/**
 * Whether an order is frozen, and why, in words its buyer and the admin read; the first that
 * applies: a lost dispute (for good), the whole payment refunded when the shop did not give it all
 * back itself (for good), an open dispute (until it is decided), an early fraud warning (unless a
 * dispute was settled in the shop's favour), part of the payment refunded outside the shop. A
 * dispute won unfreezes what it froze; an admin's release lifts the warning and the refund it
 * reviewed, never a newer one. Depends only on the facts: events in any order, repeated or not,
 * end the same.
 */
export function freezeOf(f: FreezeFacts): Freeze | null {
  if (!HOLDING.includes(f.state)) return null;
  const outside = Math.max(0, f.stripeRefundedCents - f.refundedCents);
  if (f.disputeStatus === "lost") {
    return {
      cause: "dispute_lost",
      reason: `The card payment was disputed${why(f.disputeReason)} and the dispute went against the shop: these Pix stay in custody for good`,
      forGood: true,
    };
  }
  if (f.refundedInFull && f.refundedCents < f.amountCents) {
    return { cause: "refunded", reason: "The payment was refunded in full outside the shop: these Pix stay in custody for good", forGood: true };
  }
  if (f.disputeStatus !== null && !DISPUTE_SETTLED.includes(f.disputeStatus)) {
    return {
      cause: "disputed",
      reason: `The card payment is disputed${why(f.disputeReason)}: these Pix stay in custody until the dispute is decided`,
      forGood: false,
    };
  }
  const fraudReleased = f.fraudWarningId !== null && f.fraudWarningId === f.releasedFraudWarningId;
  if (f.fraudType !== null && !fraudReleased && !(f.disputeStatus !== null && DISPUTE_SETTLED.includes(f.disputeStatus))) {
    return {
      cause: "fraud_warning",
      reason: `The card's issuer warned that this payment may be fraudulent${why(f.fraudType)}: these Pix stay in custody while the shop reviews it`,
      forGood: false,
    };
  }
  if (outside > f.releasedRefundCents) {
    return {
      cause: "partly_refunded",
      reason: `${usd(outside)} of the payment was refunded outside the shop: these Pix stay in custody while the shop reviews it`,
      forGood: false,
    };
  }
  return null;
}
