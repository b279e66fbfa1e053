import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOCAL_STRIPE_API_VERSION } from "./apiVersion.ts";
import { newId, nowSeconds } from "./ids.ts";
import type { Charge, EventObject, EventType, PaymentIntent, PaymentMethod, Refund, StripeEvent } from "./objects.ts";
import type { Dispute, EarlyFraudWarning } from "./riskObjects.ts";

/** A POST's saved outcome under its Idempotency-Key (Stripe keeps them 24 hours). */
export interface IdempotentResult {
  /** The caller's key (secret or publishable) and the Idempotency-Key: keys are per API key. */
  scope: string;
  path: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  savedAt: number;
}

/** What caused an event: Stripe's `request` member. */
export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}

const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const STATE_FILE = "state.json";

const withId = (prefix: string) => z.looseObject({ id: z.string().startsWith(prefix) });
/** The saved file: checked for its shape and ids (the stand-in wrote it; a hand-edited file may be wrong). */
const StateFileSchema = z.object({
  version: z.literal(1),
  paymentIntents: z.array(withId("pi_")),
  charges: z.array(withId("ch_")),
  refunds: z.array(withId("re_")),
  paymentMethods: z.array(withId("pm_")),
  events: z.array(withId("evt_")),
  idempotency: z.array(z.tuple([z.string(), z.looseObject({ scope: z.string(), path: z.string(), fingerprint: z.string(), savedAt: z.number() })])),
  // Files written before disputes and fraud warnings existed have neither.
  disputes: z.array(withId("dp_")).default([]),
  earlyFraudWarnings: z.array(withId("issfr_")).default([]),
  pendingDeliveries: z.array(z.tuple([z.string().startsWith("evt_"), z.array(z.string())])),
});

/**
 * Every object the stand-in holds, in memory, written atomically to `dataDir/state.json` after
 * each change when a directory is given (and read back at start).
 */
export class Store {
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly disputes = new Map<string, Dispute>();
  readonly earlyFraudWarnings = new Map<string, EarlyFraudWarning>();
  /** Oldest first. */
  readonly events: StripeEvent[] = [];
  readonly idempotency = new Map<string, IdempotentResult>();
  private readonly file: string | undefined;
  /** Webhook deliveries not yet delivered nor given up: event id → endpoint URLs. */
  readonly pendingDeliveries = new Map<string, string[]>();
  private eventListener: (event: StripeEvent) => void = () => undefined;

  constructor(dataDir: string | undefined) {
    this.file = dataDir === undefined ? undefined : path.join(dataDir, STATE_FILE);
    if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
    if (this.file !== undefined) this.load(this.file);
  }

  /** Who hears each new event (the webhook sender). */
  onEvent(listener: (event: StripeEvent) => void): void {
    this.eventListener = listener;
  }

  /** Records an event with a snapshot of `object`, as Stripe does; delivery is the listener's. */
  emit(type: EventType, object: EventObject, request: RequestInfo, previousAttributes?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: LOCAL_STRIPE_API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: 0,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    this.events.push(event);
    this.eventListener(event);
    return event;
  }

  saveIdempotent(key: string, result: IdempotentResult): void {
    const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [oldKey, old] of this.idempotency) {
      if (old.savedAt >= cutoff) break;
      this.idempotency.delete(oldKey);
    }
    this.idempotency.set(key, result);
  }

  findIdempotent(key: string): IdempotentResult | undefined {
    const found = this.idempotency.get(key);
    return found && found.savedAt >= Date.now() - IDEMPOTENCY_TTL_MS ? found : undefined;
  }

  /** Writes the state file (temp file, then rename: a crash leaves the old or the new, never half). */
  persist(): void {
    if (this.file === undefined) return;
    const state = {
      version: 1,
      paymentIntents: [...this.paymentIntents.values()],
      charges: [...this.charges.values()],
      refunds: [...this.refunds.values()],
      paymentMethods: [...this.paymentMethods.values()],
      disputes: [...this.disputes.values()],
      earlyFraudWarnings: [...this.earlyFraudWarnings.values()],
      events: this.events,
      idempotency: [...this.idempotency],
      pendingDeliveries: [...this.pendingDeliveries],
    };
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(state));
    renameSync(temp, this.file);
  }

  private load(file: string): void {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    let parsed: z.output<typeof StateFileSchema>;
    try {
      parsed = StateFileSchema.parse(JSON.parse(text));
    } catch (error) {
      throw new Error(`${file} is not a local Stripe state file (${(error as Error).message}); move it away to start empty`);
    }
    for (const item of parsed.paymentIntents as unknown as PaymentIntent[]) this.paymentIntents.set(item.id, item);
    for (const item of parsed.charges as unknown as Charge[]) this.charges.set(item.id, item);
    for (const item of parsed.refunds as unknown as Refund[]) this.refunds.set(item.id, item);
    for (const item of parsed.paymentMethods as unknown as PaymentMethod[]) this.paymentMethods.set(item.id, item);
    for (const item of parsed.disputes as unknown as Dispute[]) this.disputes.set(item.id, item);
    for (const item of parsed.earlyFraudWarnings as unknown as EarlyFraudWarning[]) this.earlyFraudWarnings.set(item.id, item);
    this.events.push(...(parsed.events as unknown as StripeEvent[]));
    for (const [key, result] of parsed.idempotency as unknown as [string, IdempotentResult][]) this.idempotency.set(key, result);
    for (const [eventId, urls] of parsed.pendingDeliveries) this.pendingDeliveries.set(eventId, urls);
  }
}
