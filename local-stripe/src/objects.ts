import type { Dispute, EarlyFraudWarning, RiskEventType } from "./riskObjects.ts";

/**
 * The Stripe objects the stand-in serves, in Stripe's wire shape (the subset of fields Stripe
 * sends that a PaymentIntent checkout reads; the rest are left out rather than faked).
 */
type Metadata = Record<string, string>;

export interface CardDetails {
  brand: "visa";
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: "credit";
  country: "US";
}

export interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  card: CardDetails;
  billing_details: { name: string | null; email: string | null };
  created: number;
  livemode: false;
  metadata: Metadata;
}

type PaymentIntentStatus = "requires_payment_method" | "requires_confirmation" | "requires_action" | "succeeded" | "canceled";

/** What the buyer must do before the payment goes on: the bank's 3D Secure check, which Stripe.js shows. */
interface NextAction {
  type: "use_stripe_sdk";
  use_stripe_sdk: { type: "three_d_secure_redirect"; source: string };
}

interface LastPaymentError {
  type: "card_error" | "invalid_request_error";
  code: string;
  decline_code?: string;
  message: string;
  doc_url: string;
  charge?: string;
  payment_method: PaymentMethod;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { allow_redirects: "always" | "never"; enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: "automatic" | "automatic_async";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: null;
  description: string | null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: NextAction | null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: PaymentIntentStatus;
}

export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  created: number;
  currency: string;
  description: string | null;
  /** A dispute was opened on it. */
  disputed: boolean;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: { network_status: string; reason: string | null; risk_level: "normal"; seller_message: string; type: string };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: CardDetails };
  /** Where Stripe mails the receipt: the PaymentIntent's `receipt_email` when the charge was made. */
  receipt_email: string | null;
  refunded: boolean;
  status: "succeeded" | "failed";
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export type EventType =
  | "payment_intent.created"
  | "payment_intent.succeeded"
  | "payment_intent.payment_failed"
  | "payment_intent.canceled"
  | "payment_intent.requires_action"
  | "charge.succeeded"
  | "charge.failed"
  | "charge.refunded"
  | "refund.created"
  | RiskEventType;

/** What an event carries a snapshot of. */
export type EventObject = PaymentIntent | Charge | Refund | Dispute | EarlyFraudWarning;

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: EventObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: EventType;
}
