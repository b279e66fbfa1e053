import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LOOPBACK } from "@pixlings/shared/defaults";
import { authenticate } from "./auth.ts";
import { MockupGenerator } from "./mockupGenerator.ts";
import { PrintfulApiError } from "./printfulError.ts";
import { ProductImages } from "./productImages.ts";
import { FixedWindowLimiter, type RateCheck } from "./rateLimit.ts";
import { findRoute, type RouteContext } from "./routes.ts";

export interface LocalPrintfulOptions {
  /** 0 picks a free port. */
  port: number;
  /** The one API token it accepts (`Authorization: Bearer <token>`). */
  token: string;
  /** Printful's limits per token and window (60 s): all API requests, and mockup tasks created. */
  rateLimits: { requestsPerWindow: number; mockupsPerWindow: number; windowMs: number };
  /** How long a mockup task stays pending at least. */
  minPendingMs: number;
  /** How long downloading a print file may take (default 10 s). */
  downloadTimeoutMs?: number | undefined;
  /** Mockup tasks kept with their images (default 500). */
  maxTasks?: number | undefined;
  /** Where problems the caller never sees go (default stderr). */
  log?: ((line: string) => void) | undefined;
}

export interface LocalPrintful {
  /** The API's base URL, e.g. `http://127.0.0.1:3003` (what PRINTFUL_API_URL names). */
  url: string;
  port: number;
  /** Every API request received (method and path, no query), oldest first: tests check what was sent. */
  requests: readonly { method: string; path: string }[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;
const MAX_REQUEST_LOG = 1000;

interface Answer {
  status: number;
  body: Buffer | string;
  headers: Record<string, string>;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  body: `${JSON.stringify(value)}\n`,
  headers: { "content-type": "application/json", ...headers },
});

const rateHeaders = (check: RateCheck): Record<string, string> => ({
  "x-ratelimit-limit": String(check.limit),
  "x-ratelimit-remaining": String(Math.max(0, check.remaining)),
  "x-ratelimit-reset": String(check.resetSeconds),
});

function tooMany(check: RateCheck): PrintfulApiError {
  return new PrintfulApiError(429, `Too many requests. Please try again after ${check.resetSeconds} seconds.`, {
    ...rateHeaders(check),
    "retry-after": String(check.resetSeconds),
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new PrintfulApiError(413, `Request body too large: at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text === "" ? {} : JSON.parse(text);
  } catch {
    throw new PrintfulApiError(400, "Invalid JSON in request body");
  }
}

/**
 * A Printful-compatible server on loopback for development and tests: the v1 catalogue
 * (`/products`, `/products/{id}`), the mockup generator (`/mockup-generator/printfiles/{id}`,
 * `create-task/{id}`, `task?task_key=`) rendering real mockups with sharp, Printful's `{ code,
 * result }` envelope, Bearer token, errors and rate limits (429 with Retry-After). Rendered images
 * and product pictures are served at `/files/...` without a token, as Printful's CDN serves them.
 */
export async function startLocalPrintful(options: LocalPrintfulOptions): Promise<LocalPrintful> {
  const log = options.log ?? ((line: string) => void process.stderr.write(`[local-printful] ${line}\n`));
  let baseUrl = "";
  const fileUrl = (name: string): string => `${baseUrl}/files/${name}`;
  const generator = new MockupGenerator({
    fileUrl: (name) => fileUrl(`mockups/${name}`),
    minPendingMs: options.minPendingMs,
    downloadTimeoutMs: options.downloadTimeoutMs ?? 10_000,
    maxTasks: options.maxTasks ?? 500,
  });
  const context: RouteContext = {
    urls: { product: (id) => fileUrl(`products/${id}.png`), variant: (id) => fileUrl(`variants/${id}.png`) },
    generator,
  };
  const images = new ProductImages();
  const { windowMs } = options.rateLimits;
  const requestLimit = new FixedWindowLimiter({ limit: options.rateLimits.requestsPerWindow, windowMs });
  const mockupLimit = new FixedWindowLimiter({ limit: options.rateLimits.mockupsPerWindow, windowMs });
  const requests: { method: string; path: string }[] = [];

  const serveFile = async (method: string, pathname: string): Promise<Answer> => {
    if (method !== "GET" && method !== "HEAD") throw new PrintfulApiError(405, "Files are read-only");
    const picture = /^\/files\/(products|variants)\/(\d{1,9})\.png$/.exec(pathname);
    let found: { body: Buffer; type: string } | undefined;
    if (picture) found = await images.image(picture[1] as "products" | "variants", Number(picture[2]))?.then((body) => ({ body, type: "image/png" }));
    else if (pathname.startsWith("/files/mockups/")) found = generator.file(pathname.slice("/files/mockups/".length));
    if (!found) throw new PrintfulApiError(404, `File ${pathname} not found`);
    return {
      status: 200,
      body: found.body,
      headers: { "content-type": found.type, "cache-control": "public, max-age=86400", "access-control-allow-origin": "*" },
    };
  };

  const answer = async (req: IncomingMessage): Promise<Answer> => {
    const url = new URL(req.url ?? "/", "http://local-printful");
    const method = req.method ?? "GET";
    if (url.pathname.startsWith("/files/")) return serveFile(method, url.pathname);
    requests.push({ method, path: url.pathname });
    if (requests.length > MAX_REQUEST_LOG) requests.shift();
    const found = findRoute(method, url.pathname);
    if (found === "wrong-method") throw new PrintfulApiError(405, `Method ${method} is not allowed here`);
    if (!found) throw new PrintfulApiError(404, `Not found: ${method} ${url.pathname}`);
    authenticate(req.headers.authorization, options.token);
    let check = requestLimit.hit(options.token);
    if (!check.allowed) throw tooMany(check);
    if (found.route.mockupLimited) {
      check = mockupLimit.hit(options.token);
      if (!check.allowed) throw tooMany(check);
    }
    const body = method === "POST" ? await readJson(req) : undefined;
    const result = found.route.handle(context, { id: found.id, query: url.searchParams, body });
    return json(200, { code: 200, result }, rateHeaders(check));
  };

  const server = createServer((req, res: ServerResponse) => {
    answer(req)
      .catch((error: unknown): Answer => {
        if (error instanceof PrintfulApiError) return json(error.status, error.body, error.headers);
        log(`${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
        return json(500, new PrintfulApiError(500, "The local Printful stand-in failed; see its log.").body);
      })
      .then((result) => {
        res.writeHead(result.status, result.headers);
        res.end(req.method === "HEAD" ? undefined : result.body);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${LOOPBACK}:${port}`;
  return {
    url: baseUrl,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        generator.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
