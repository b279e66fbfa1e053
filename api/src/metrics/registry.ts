import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus series (served on METRICS_PORT only: monitoring/opsServer.ts). One registry
 * per process; series read from the database or the chains at scrape time are added by
 * `collectFromSources` (monitoring/sourceGauges.ts).
 */
export const registry = new Registry();

export const httpDuration = new Histogram({
  name: "pixlings_http_request_duration_seconds",
  help: "HTTP request latency by route pattern (never the raw path), method and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const vouchers = new Counter({
  name: "pixlings_vouchers_total",
  help: "Mint vouchers issued, and refused by reason (the error code, or the HTTP status)",
  labelNames: ["outcome", "reason"] as const,
  registers: [registry],
});

export const webhookOutcomes = new Counter({
  name: "pixlings_stripe_webhooks_total",
  help: "Stripe webhook deliveries by the status answered",
  labelNames: ["status"] as const,
  registers: [registry],
});

export const outsideErrors = new Counter({
  name: "pixlings_outside_errors_total",
  help: "Errors from outside services: stripe, printful, rpc (by chain)",
  labelNames: ["service", "target"] as const,
  registers: [registry],
});

export const nonceHeals = new Counter({
  name: "pixlings_nonce_gaps_healed_total",
  help: "Nonce gaps of the API's sending keys healed (the key's counter brought back down to the chain), by chain and sending address",
  labelNames: ["chain_id", "address"] as const,
  registers: [registry],
});

export const workerLeases = new Gauge({
  name: "pixlings_worker_lease",
  help: "1 while this worker process holds the job family's lease (runs it), else 0",
  labelNames: ["family"] as const,
  registers: [registry],
});
