import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import { newId, nowSeconds } from "./ids.ts";
import type { Charge } from "./objects.ts";
import { formBoolean, formInteger, formMetadata } from "./params.ts";
import { CLOSED_DISPUTE_STATUSES, EVIDENCE_TEXT_FIELDS, type Dispute, type DisputeEvidence, type DisputeStatus } from "./riskObjects.ts";
import { invalidRequest, resourceMissing } from "./stripeError.ts";

/** Stripe's test-mode words in `evidence[uncategorized_text]` that decide a submitted dispute. */
const WINNING_EVIDENCE = "winning_evidence";
const LOSING_EVIDENCE = "losing_evidence";
/** How long a merchant has to answer a dispute (Stripe gives about three weeks). */
const RESPONSE_WINDOW_SECONDS = 21 * 24 * 3600;

const evidenceShape = Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((field) => [field, z.string().max(20_000).optional()])) as Record<
  (typeof EVIDENCE_TEXT_FIELDS)[number],
  z.ZodOptional<z.ZodString>
>;

export const UpdateDisputeParams = z.strictObject({
  evidence: z.strictObject(evidenceShape, { error: "The local Stripe stand-in keeps the text fields of evidence only" }).optional(),
  metadata: formMetadata.optional(),
  /** Stripe's default: submit at once (false: stage the evidence). */
  submit: formBoolean.optional(),
});

export const ListDisputesParams = z.strictObject({
  charge: z.string().min(1).optional(),
  payment_intent: z.string().min(1).optional(),
  limit: formInteger(1)
    .refine((limit) => limit <= 100, "limit must be between 1 and 100")
    .optional(),
});

export interface DisputeList {
  object: "list";
  data: Dispute[];
  has_more: boolean;
  url: "/v1/disputes";
}

const noEvidence = (): DisputeEvidence => Object.fromEntries(EVIDENCE_TEXT_FIELDS.map((field) => [field, null])) as DisputeEvidence;

/**
 * The cardholder disputes `charge` as fraudulent (what Stripe's dispute test card does right after
 * the payment): a chargeback of the whole amount, the charge marked `disputed`, and
 * `charge.dispute.created`.
 */
export function openDispute(context: HandlerContext, charge: Charge): Dispute {
  const created = nowSeconds();
  const dispute: Dispute = {
    id: newId("dp"),
    object: "dispute",
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    evidence: noEvidence(),
    evidence_details: { due_by: created + RESPONSE_WINDOW_SECONDS, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason: "fraudulent",
    status: "needs_response",
  };
  context.store.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  context.store.emit("charge.dispute.created", dispute, context.request);
  return dispute;
}

export function retrieveDispute(context: HandlerContext, id: string): Dispute {
  const dispute = context.store.disputes.get(id);
  if (!dispute) throw resourceMissing("dispute", id);
  return dispute;
}

const isClosed = (dispute: Dispute): boolean => CLOSED_DISPUTE_STATUSES.includes(dispute.status);

/**
 * Moves a dispute to `status` and tells the endpoints: `charge.dispute.updated` (with what changed
 * from `before`), and `charge.dispute.closed` once it is over.
 */
function moveDispute(context: HandlerContext, dispute: Dispute, status: DisputeStatus, before: Pick<Dispute, "status" | "evidence">): Dispute {
  dispute.status = status;
  const previous = Object.fromEntries(
    (["status", "evidence"] as const).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(dispute[key])).map((key) => [key, before[key]]),
  );
  context.store.emit("charge.dispute.updated", dispute, context.request, previous);
  if (isClosed(dispute)) context.store.emit("charge.dispute.closed", dispute, context.request);
  return dispute;
}

/**
 * Adds evidence (and metadata). Submitted (Stripe's default), test mode decides at once by
 * `uncategorized_text`: `winning_evidence` wins the dispute, `losing_evidence` loses it, anything
 * else leaves it under review. A closed dispute takes nothing more.
 */
export function updateDispute(context: HandlerContext, id: string, params: z.output<typeof UpdateDisputeParams>): Dispute {
  const dispute = retrieveDispute(context, id);
  if (isClosed(dispute))
    throw invalidRequest(`This dispute is already closed (${dispute.status}): it takes no more evidence.`, { code: "dispute_already_closed" });
  const previous = { status: dispute.status, evidence: structuredClone(dispute.evidence) };
  if (params.metadata !== undefined) dispute.metadata = { ...dispute.metadata, ...params.metadata };
  for (const [field, value] of Object.entries(params.evidence ?? {})) {
    if (value !== undefined) dispute.evidence[field as keyof DisputeEvidence] = value === "" ? null : value;
  }
  dispute.evidence_details.has_evidence = Object.values(dispute.evidence).some((value) => value !== null);
  if (params.submit === false) return moveDispute(context, dispute, dispute.status, previous);
  dispute.evidence_details.submission_count += 1;
  const text = dispute.evidence.uncategorized_text;
  const status: DisputeStatus = text === WINNING_EVIDENCE ? "won" : text === LOSING_EVIDENCE ? "lost" : "under_review";
  return moveDispute(context, dispute, status, previous);
}

/** The merchant accepts the dispute (Stripe's "close"): it is lost, the money stays with the cardholder. */
export function closeDispute(context: HandlerContext, id: string): Dispute {
  const dispute = retrieveDispute(context, id);
  if (isClosed(dispute)) throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { code: "dispute_already_closed" });
  return moveDispute(context, dispute, "lost", { status: dispute.status, evidence: dispute.evidence });
}

/** Newest first, filtered by charge or PaymentIntent. */
export function listDisputes(context: HandlerContext, params: z.output<typeof ListDisputesParams>): DisputeList {
  const matching = [...context.store.disputes.values()]
    .filter(
      (d) => (params.charge === undefined || d.charge === params.charge) && (params.payment_intent === undefined || d.payment_intent === params.payment_intent),
    )
    .reverse();
  const limit = params.limit ?? 10;
  return { object: "list", data: matching.slice(0, limit), has_more: matching.length > limit, url: "/v1/disputes" };
}

/** Stripe refuses to refund a charge whose chargeback took the money back already. */
export function refusedByDispute(context: HandlerContext, charge: Charge): void {
  const chargeback = [...context.store.disputes.values()].find((d) => d.charge === charge.id && !d.is_charge_refundable && d.status !== "won");
  if (chargeback) {
    throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, { code: "charge_disputed", param: "charge" });
  }
}
