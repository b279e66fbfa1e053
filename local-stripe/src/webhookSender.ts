import { setTimeout as sleep } from "node:timers/promises";
import { nowSeconds } from "./ids.ts";
import type { StripeEvent } from "./objects.ts";
import { stripeSignatureHeader } from "./signature.ts";
import type { Store } from "./store.ts";

export interface WebhookOptions {
  /** Where every event is POSTed (none: events are only listed). */
  urls: string[];
  /** The endpoints' signing secret, `whsec_…`. */
  secret: string;
  /** The wait before each retry: 1 + its length attempts in all. */
  retryDelaysMs: number[];
  /** How long one attempt may take before it counts as failed. */
  attemptTimeoutMs: number;
}

/** Stripe's retry schedule, shortened to minutes for development (Stripe retries for 3 days). */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000, 300_000];
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;

/** The PaymentIntent an event is about: its deliveries are ordered by it. */
function paymentIntentOf(event: StripeEvent): string {
  const object = event.data.object;
  return object.object === "payment_intent" ? object.id : object.payment_intent;
}

/**
 * Delivers events as Stripe does, signed, each endpoint retried with backoff until a 2xx or the
 * attempts run out. Events of one PaymentIntent reach an endpoint in order (the next waits for the
 * one before); nothing here blocks the API call that caused the event. What is still to deliver
 * is kept in the store, so a restart over the same data dir carries on.
 */
export class WebhookSender {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly options: WebhookOptions;
  private readonly store: Store;
  /** Called when delivery state changes (the store is saved). */
  private readonly changed: () => void;
  private readonly log: (line: string) => void;

  constructor(options: WebhookOptions, store: Store, changed: () => void, log: (line: string) => void) {
    this.options = options;
    this.store = store;
    this.changed = changed;
    this.log = log;
  }

  enqueue(event: StripeEvent): void {
    event.pending_webhooks = this.options.urls.length;
    if (this.options.urls.length > 0) this.store.pendingDeliveries.set(event.id, [...this.options.urls]);
    this.schedule(event, this.options.urls);
  }

  /** Picks up the deliveries an earlier run left (to the endpoints still configured), oldest first. */
  resume(): void {
    if (this.store.pendingDeliveries.size === 0) return;
    for (const event of this.store.events) {
      const urls = this.store.pendingDeliveries.get(event.id);
      if (!urls) continue;
      const kept = urls.filter((url) => this.options.urls.includes(url));
      for (const url of urls.filter((candidate) => !kept.includes(candidate))) this.log(`not resuming ${event.id} to ${url}: no longer a webhook URL`);
      if (kept.length > 0) this.store.pendingDeliveries.set(event.id, kept);
      else this.store.pendingDeliveries.delete(event.id);
      this.schedule(event, kept);
    }
    this.changed();
  }

  /** Stops retrying and abandons deliveries in flight (they stay pending for the next start). */
  close(): void {
    this.stopping.abort();
  }

  private schedule(event: StripeEvent, urls: readonly string[]): void {
    const payload = JSON.stringify(event, null, 2);
    for (const url of urls) {
      const key = `${url} ${paymentIntentOf(event)}`;
      const next = (this.queues.get(key) ?? Promise.resolve()).then(() => this.deliver(url, event, payload));
      this.queues.set(key, next);
      void next.finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      });
    }
  }

  /** Done with one endpoint for this event, delivered or given up. */
  private settle(event: StripeEvent, url: string, delivered: boolean): void {
    if (delivered) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
    const left = (this.store.pendingDeliveries.get(event.id) ?? []).filter((pending) => pending !== url);
    if (left.length > 0) this.store.pendingDeliveries.set(event.id, left);
    else this.store.pendingDeliveries.delete(event.id);
    this.changed();
  }

  private async deliver(url: string, event: StripeEvent, payload: string): Promise<void> {
    const attempts = this.options.retryDelaysMs.length + 1;
    for (let attempt = 1; ; attempt++) {
      if (this.stopping.signal.aborted) return;
      const failure = await this.attempt(url, payload);
      if (failure === undefined) return this.settle(event, url, true);
      if (this.stopping.signal.aborted) return;
      const delay = this.options.retryDelaysMs[attempt - 1];
      if (delay === undefined) {
        this.log(`gave up delivering ${event.id} (${event.type}) to ${url} after ${attempts} attempts: ${failure}`);
        return this.settle(event, url, false);
      }
      try {
        await sleep(delay, undefined, { signal: this.stopping.signal });
      } catch {
        return;
      }
    }
  }

  /** One signed POST; undefined on a 2xx, else what went wrong. */
  private async attempt(url: string, payload: string): Promise<string | undefined> {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": stripeSignatureHeader(payload, this.options.secret, nowSeconds()),
        },
        body: payload,
        redirect: "manual",
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.options.attemptTimeoutMs)]),
      });
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300 ? undefined : `HTTP ${response.status}`;
    } catch (error) {
      return (error as Error).message;
    }
  }
}
