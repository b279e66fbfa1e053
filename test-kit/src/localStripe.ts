import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { LOOPBACK } from "@pixlings/shared/defaults";
import { startLocalStripe, type LocalStripe } from "@pixlings/local-stripe/startLocalStripe";

/** The real SDK pointed at a local stand-in (no network retries: a test sees each answer). */
export function stripeClient(server: LocalStripe, key: string): Stripe {
  const url = new URL(server.url);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return new Stripe(key, { host: url.hostname, port: Number(url.port), protocol, maxNetworkRetries: 0, telemetry: false });
}

export interface TestStripe {
  server: LocalStripe;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The SDK with the secret key (what the API uses). */
  stripe: Stripe;
  close(): Promise<void>;
}

export interface TestStripeOptions {
  webhookUrls?: string[];
  /** Short by default, so retries happen within a test. */
  retryDelaysMs?: number[];
  /** How long one delivery attempt may take (default 2 s). */
  attemptTimeoutMs?: number;
  dataDir?: string;
  /** Keys to reuse (a restart over the same data dir); default: new random ones. */
  keys?: { secretKey: string; publishableKey: string; webhookSecret: string };
  log?: (line: string) => void;
  /** Serve https with this certificate (test-kit/src/loopbackTls.ts). */
  tls?: { key: string; cert: string };
}

const randomKey = (prefix: string): string => `${prefix}${randomBytes(18).toString("hex")}`;

/** The local Stripe stand-in on a free loopback port with fresh keys, and an SDK client for it. */
export async function startTestStripe(options: TestStripeOptions = {}): Promise<TestStripe> {
  const keys = options.keys ?? { secretKey: randomKey("sk_test_"), publishableKey: randomKey("pk_test_"), webhookSecret: randomKey("whsec_") };
  const server = await startLocalStripe({
    port: 0,
    secretKey: keys.secretKey,
    publishableKey: keys.publishableKey,
    webhooks: {
      urls: options.webhookUrls ?? [],
      secret: keys.webhookSecret,
      retryDelaysMs: options.retryDelaysMs ?? [20, 40, 80],
      attemptTimeoutMs: options.attemptTimeoutMs ?? 2_000,
    },
    dataDir: options.dataDir,
    tls: options.tls,
    log: options.log ?? (() => undefined),
  });
  return { server, ...keys, stripe: stripeClient(server, keys.secretKey), close: () => server.close() };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent (what signature checks need). */
  body: string;
  /** What the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  /** Every POST, in arrival order. */
  received: ReceivedWebhook[];
  /** Resolves once `count` POSTs have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP endpoint that records webhooks and answers each with `status(body, index)` (default 200). */
export async function startWebhookReceiver(status: (body: string, index: number) => number = () => 200): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  // A path of its own: a request meant for another server that once had this port (a stand-in of
  // an earlier test still retrying, a probe of a closed port) is answered 404 and never recorded.
  const path = `/webhook/${randomUUID()}`;
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== path) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const answer = status(body, received.length);
      received.push({ headers: req.headers, body, status: answer });
      res.writeHead(answer, { "content-type": "text/plain" }).end(answer < 300 ? "ok" : "failed");
      const ready = waiters.filter((waiter) => received.length >= waiter.count);
      waiters = waiters.filter((waiter) => received.length < waiter.count);
      for (const waiter of ready) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}${path}`,
    received,
    waitFor: (count, timeoutMs = 5_000) =>
      new Promise<ReceivedWebhook[]>((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(() => reject(new Error(`waited ${timeoutMs} ms for ${count} webhooks, got ${received.length}`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The StripeError a call fails with (the test fails if it succeeds or fails otherwise). */
export async function stripeFailure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof Stripe.errors.StripeError, `expected a StripeError, got ${String(error)}`);
    return error;
  }
  assert.fail("the call succeeded");
}
