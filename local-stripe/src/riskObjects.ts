/**
 * The objects of what can happen to a payment after it succeeded, in Stripe's wire shape (the
 * subset of fields a shop reads): a dispute (chargeback or inquiry) and an early fraud warning.
 */

/** A dispute's evidence as the stand-in keeps it: the text fields (file fields are left out rather than faked). */
export const EVIDENCE_TEXT_FIELDS = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "duplicate_charge_explanation",
  "product_description",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "uncategorized_text",
] as const;
export type DisputeEvidence = Record<(typeof EVIDENCE_TEXT_FIELDS)[number], string | null>;

export type DisputeStatus = "warning_needs_response" | "warning_under_review" | "warning_closed" | "needs_response" | "under_review" | "won" | "lost";

export interface Dispute {
  id: string;
  object: "dispute";
  amount: number;
  balance_transactions: [];
  charge: string;
  created: number;
  currency: string;
  evidence: DisputeEvidence;
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  /** A chargeback takes the money back: the charge can no longer be refunded (an inquiry's still can). */
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: "fraudulent" | "general";
  status: DisputeStatus;
}

export interface EarlyFraudWarning {
  id: string;
  object: "radar.early_fraud_warning";
  /** Not yet disputed nor refunded in full: a refund now may avert a dispute. */
  actionable: boolean;
  charge: string;
  created: number;
  fraud_type: "made_with_stolen_card";
  livemode: false;
  payment_intent: string;
}

export type RiskEventType =
  | "charge.dispute.created"
  | "charge.dispute.updated"
  | "charge.dispute.closed"
  | "radar.early_fraud_warning.created"
  | "radar.early_fraud_warning.updated";

/** The statuses of a dispute that is over (Stripe sends `charge.dispute.closed` when one is reached). */
export const CLOSED_DISPUTE_STATUSES: readonly DisputeStatus[] = ["won", "lost", "warning_closed"];
