import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { LOOPBACK } from "@pixlings/shared/defaults";
import { PrintfulClient } from "@pixlings/api/testing";
import { PrintfulError } from "@pixlings/api/testing";
import { type LocalPrintful, startLocalPrintful } from "@pixlings/local-printful/startLocalPrintful";

export interface TestPrintful {
  server: LocalPrintful;
  token: string;
  /** The API's typed client, pointed at the stand-in with its token. */
  client: PrintfulClient;
  /** What the API needs to use it: PRINTFUL_API_TOKEN and PRINTFUL_API_URL. */
  env: { PRINTFUL_API_TOKEN: string; PRINTFUL_API_URL: string };
  close(): Promise<void>;
}

export interface TestPrintfulOptions {
  /** Mockup tasks a minute (default 100: tests that want Printful's 429 set it low). */
  mockupsPerMinute?: number;
  requestsPerMinute?: number;
  /** How long a task stays pending at least (default 150 ms). */
  minPendingMs?: number;
}

/** The local Printful stand-in on a free loopback port with a fresh token, and the typed client for it. */
export async function startTestPrintful(options: TestPrintfulOptions = {}): Promise<TestPrintful> {
  const token = `test_${randomBytes(16).toString("hex")}`;
  const server = await startLocalPrintful({
    port: 0,
    token,
    rateLimits: { requestsPerWindow: options.requestsPerMinute ?? 10_000, mockupsPerWindow: options.mockupsPerMinute ?? 100, windowMs: 60_000 },
    minPendingMs: options.minPendingMs ?? 150,
    downloadTimeoutMs: 5_000,
    log: () => undefined,
  });
  return {
    server,
    token,
    client: new PrintfulClient({ baseUrl: server.url, token, timeoutMs: 5_000 }),
    env: { PRINTFUL_API_TOKEN: token, PRINTFUL_API_URL: server.url },
    close: () => server.close(),
  };
}

/** An answer a tampering proxy gives instead of the real one. */
interface ForgedAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface TamperingProxy {
  url: string;
  /** Decides per request (method, path with query): a forged answer, or undefined to pass it on. */
  tamper: (method: string, path: string) => ForgedAnswer | undefined;
  /** Every request that came through, with its body: what the API sent Printful. */
  seen: { method: string; path: string; body: string }[];
  close(): Promise<void>;
}

/**
 * A proxy in front of an upstream (the stand-in) that passes every request on unchanged unless
 * `tamper` forges the answer: an upstream that misbehaves (malformed JSON, missing fields, HTML
 * error pages) exactly when a test says so.
 */
export async function startTamperingProxy(upstream: string): Promise<TamperingProxy> {
  const proxy: TamperingProxy = { url: "", tamper: () => undefined, seen: [], close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      proxy.seen.push({ method: req.method ?? "GET", path: req.url ?? "/", body: Buffer.concat(chunks).toString("utf8") });
      const forged = proxy.tamper(req.method ?? "GET", req.url ?? "/");
      if (forged) {
        res.writeHead(forged.status, { "content-type": "application/json", ...forged.headers }).end(forged.body);
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== "host" && name !== "connection")) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : null;
      fetch(`${upstream}${req.url ?? "/"}`, { method: req.method ?? "GET", headers, body })
        .then(async (answer) => {
          const passed = Object.fromEntries(
            [...answer.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name)),
          );
          res.writeHead(answer.status, passed).end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  proxy.url = `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}

/** Every colour (0xRRGGBB) of an image's opaque pixels, decoded with sharp. */
export async function coloursOf(image: Buffer): Promise<Set<number>> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let at = 0; at < data.length; at += info.channels) {
    if (data[at + 3] === 255) colours.add((data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!);
  }
  return colours;
}

export interface FileServer {
  url: string;
  /** Paths asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** Serves `files` (path → PNG) on a free loopback port, 404 for anything else: where print files come from in stand-in tests. */
export async function startFileServer(files: Record<string, Buffer>): Promise<FileServer> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requested.push(path);
    const file = files[path];
    if (file) res.writeHead(200, { "content-type": "image/png" }).end(file);
    else res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls a task with the typed client until it is no longer pending (fails after `timeoutMs`). */
export async function settledTask(client: PrintfulClient, taskKey: string, timeoutMs = 10_000): Promise<Awaited<ReturnType<PrintfulClient["getMockupTask"]>>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const task = await client.getMockupTask(taskKey);
    if (task.status !== "pending") return task;
    if (Date.now() > until) throw new Error(`task ${taskKey} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How a call of the typed client failed (the test fails if it succeeds or fails otherwise). */
export async function printfulFailure(call: Promise<unknown>): Promise<PrintfulError["failure"]> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof PrintfulError, `expected a PrintfulError, got ${String(error)}`);
    return error.failure;
  }
  assert.fail("the call succeeded");
}
