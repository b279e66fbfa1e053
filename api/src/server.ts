import type { AddressInfo } from "node:net";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Express } from "express";

export interface ListeningServer {
  server: Server;
  /** `http://host:port` with the port actually bound (useful with port 0). */
  url: string;
  /**
   * Stops accepting at once; the requests in flight get `graceMs` (default 0: cut at once) to
   * finish, then every connection is closed and the app's background work stopped. The app hears
   * "draining" first (its long streams end).
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open: longer than any load balancer or client keeps
 * one (60 s is the usual balancer default), so the client always closes first. With Node's 5 s, a
 * client reusing a connection just as the server closes it meets a reset (ECONNRESET; a balancer
 * answers 502).
 */
const KEEP_ALIVE_MS = 65_000;

/** How often idle keep-alive connections are closed while draining (a request that just finished leaves one). */
const DRAIN_SWEEP_MS = 50;

type Stop = () => Promise<void>;

/** Background work of `app` that its server's `close()` waits for once no request is left (a worker's step in hand). */
export function stopOnClose(app: Express, stop: Stop): void {
  ((app.locals.stopOnClose ??= []) as Stop[]).push(stop);
}

/** Work of `app` that must be done before it serves its first request (`listen` waits for it). */
export function readyBeforeListen(app: Express, ready: Promise<void>): void {
  ((app.locals.readyBeforeListen ??= []) as Promise<void>[]).push(ready);
}

/** A handler that sees each request before the app: it answers it, or calls `next` to hand it to the app. */
export type FirstHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Puts `handler` before every request of `app` once it listens (http/hotReads.ts: reads answered without the Express chain). */
export function servedFirst(app: Express, handler: FirstHandler): void {
  app.locals.servedFirst = handler;
}

/** Listens on `host:port` once the app's start-up work is done (`readyBeforeListen`), and resolves once bound. */
export async function listen(app: Express, { host, port }: { host: string; port: number }): Promise<ListeningServer> {
  await Promise.all((app.locals.readyBeforeListen ?? []) as Promise<void>[]);
  return new Promise((resolve, reject) => {
    const first = app.locals.servedFirst as FirstHandler | undefined;
    const server = createServer(first ? (req, res) => first(req, res, () => app(req, res)) : app);
    server.listen(port, host);
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // Node's rule: the time allowed for a request's headers must exceed the keep-alive timeout.
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    // The app's background work (reservation sweeps) ends with its server.
    server.once("close", () => app.emit("close"));
    server.once("error", reject);
    server.once("listening", () => {
      const { port: bound } = server.address() as AddressInfo;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        server,
        url: `http://${shownHost}:${bound}`,
        close: async (graceMs = 0) => {
          await new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            app.emit("draining");
            if (graceMs <= 0) {
              server.closeAllConnections();
              return;
            }
            server.closeIdleConnections();
            const sweep = setInterval(() => server.closeIdleConnections(), DRAIN_SWEEP_MS);
            const cut = setTimeout(() => server.closeAllConnections(), graceMs);
            server.once("close", () => {
              clearInterval(sweep);
              clearTimeout(cut);
            });
          });
          await Promise.allSettled(((app.locals.stopOnClose ?? []) as Stop[]).map((stop) => stop()));
        },
      });
    });
  });
}
