import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { LOOPBACK } from "@pixlings/shared/defaults";
import { LOCAL_STRIPE_API_VERSION } from "./apiVersion.ts";
import { authenticate, type Keys } from "./auth.ts";
import type { Answer } from "./context.ts";
import { handleIdempotently } from "./idempotency.ts";
import { newId } from "./ids.ts";
import { decodeParams, parseParams, type Params } from "./params.ts";
import { findRoute } from "./routes.ts";
import { Store } from "./store.ts";
import { invalidRequest, StripeApiError } from "./stripeError.ts";
import { WebhookSender, type WebhookOptions } from "./webhookSender.ts";

export interface LocalStripeOptions extends Keys {
  /** 0 picks a free port. */
  port: number;
  webhooks: WebhookOptions;
  /** Where state.json keeps every object across restarts; undefined: memory only. */
  dataDir?: string | undefined;
  /** Where problems the caller never sees go (webhook deliveries given up); default stderr. */
  log?: ((line: string) => void) | undefined;
  /** Serve https with this certificate (PEM), as Stripe does: an API under the production rules reaches only https. */
  tls?: { key: string; cert: string } | undefined;
}

export interface LocalStripe {
  /** The API's base URL, e.g. `http://127.0.0.1:12111` (`https://` with `tls`; the SDK's host, port and protocol). */
  url: string;
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const errorAnswer = (error: StripeApiError): Answer => ({
  status: error.status,
  body: json({ error: error.error }),
  ...(error.status === 401 ? { headers: { "www-authenticate": 'Basic realm="Stripe"' } } : {}),
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw invalidRequest(`Request body too large: at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function takeKeyParam(params: Params): string | undefined {
  const key = params.key;
  delete params.key;
  return typeof key === "string" ? key : undefined;
}

/**
 * A Stripe-compatible server on loopback for development and tests: PaymentIntents (create with
 * idempotency keys, retrieve, confirm with test cards, cancel), Refunds, Charges and Events read
 * back, Stripe's keys, errors and signed webhooks with retries. The real `stripe` SDK talks to it
 * given `host`, `port` and `protocol: "http"`.
 */
export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const log = options.log ?? ((line: string) => void process.stderr.write(`[local-stripe] ${line}\n`));
  const store = new Store(options.dataDir);
  const persist = (): void => {
    try {
      store.persist();
    } catch (error) {
      log(`could not save the state to ${options.dataDir}: ${(error as Error).message}`);
    }
  };
  const webhooks = new WebhookSender(options.webhooks, store, persist, log);
  store.onEvent((event) => webhooks.enqueue(event));
  webhooks.resume();

  const answer = async (req: IncomingMessage, requestId: string): Promise<Answer> => {
    const url = new URL(req.url ?? "/", "http://local-stripe");
    const method = req.method ?? "GET";
    const found = findRoute(method, url.pathname);
    if (!found) {
      const message = `Unrecognized request URL (${method}: ${url.pathname}). The local Stripe stand-in serves PaymentIntents, Refunds, Charges, Disputes, early fraud warnings and Events.`;
      throw invalidRequest(message, { status: 404 });
    }
    let encoded = url.search.slice(1);
    if (method === "POST") {
      const body = await readBody(req);
      const type = req.headers["content-type"] ?? "";
      if (body !== "" && !type.startsWith("application/x-www-form-urlencoded")) {
        throw invalidRequest("Invalid request (check that your POST content type is application/x-www-form-urlencoded).");
      }
      encoded = body;
    }
    const params = decodeParams(encoded);
    const keyParam = takeKeyParam(params);
    const caller = authenticate(req.headers.authorization, keyParam, options, found.route.access === "secret");
    const parsed = parseParams(found.route.schema, params);
    const run = (): Answer => {
      const idempotencyKey = method === "POST" ? (req.headers["idempotency-key"] as string | undefined) : undefined;
      const context = { store, publishable: caller.publishable, request: { id: requestId, idempotencyKey: idempotencyKey ?? null } };
      try {
        return { status: 200, body: json(found.route.handle(context, parsed, found.id)) };
      } catch (error) {
        if (error instanceof StripeApiError) return errorAnswer(error);
        throw error;
      }
    };
    if (method !== "POST") return run();
    try {
      return handleIdempotently(store, { caller, header: req.headers["idempotency-key"], path: url.pathname, params, requestId }, run);
    } finally {
      persist();
    }
  };

  const listener: RequestListener = (req, res: ServerResponse) => {
    const requestId = newId("req");
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-expose-headers", "Request-Id, Idempotency-Key, Idempotent-Replayed, Stripe-Version");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": "Authorization, Content-Type, Idempotency-Key, Stripe-Version",
        "access-control-max-age": "300",
      });
      res.end();
      return;
    }
    const version = req.headers["stripe-version"];
    answer(req, requestId)
      .catch((error: unknown): Answer => {
        if (error instanceof StripeApiError) return errorAnswer(error);
        log(`${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
        return { status: 500, body: json({ error: { type: "api_error", message: "The local Stripe stand-in failed; see its log." } }) };
      })
      .then((result) => {
        res.writeHead(result.status, {
          "content-type": "application/json",
          "cache-control": "no-cache, no-store",
          "request-id": requestId,
          "stripe-version": typeof version === "string" && version !== "" ? version : LOCAL_STRIPE_API_VERSION,
          ...result.headers,
        });
        res.end(result.body);
      });
  };
  const server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${options.tls ? "https" : "http"}://${LOOPBACK}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        webhooks.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
