import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { Express } from "express";

export interface ListeningServer {
  server: Server;
  /** `http://host:port` with the port actually bound (useful with port 0). */
  url: string;
  close(): Promise<void>;
}

type Stop = () => Promise<void>;

/** Background work of `app` that its server's `close()` waits for once no request is left (a worker's step in hand). */
export function stopOnClose(app: Express, stop: Stop): void {
  ((app.locals.stopOnClose ??= []) as Stop[]).push(stop);
}

/** Work of `app` that must be done before it serves its first request (`listen` waits for it). */
export function readyBeforeListen(app: Express, ready: Promise<void>): void {
  ((app.locals.readyBeforeListen ??= []) as Promise<void>[]).push(ready);
}

/** Listens on `host:port` once the app's start-up work is done (`readyBeforeListen`), and resolves once bound. */
export async function listen(app: Express, { host, port }: { host: string; port: number }): Promise<ListeningServer> {
  await Promise.all((app.locals.readyBeforeListen ?? []) as Promise<void>[]);
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    // The app's background work (reservation sweeps) ends with its server.
    server.once("close", () => app.emit("close"));
    server.once("error", reject);
    server.once("listening", () => {
      const { port: bound } = server.address() as AddressInfo;
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        server,
        url: `http://${shownHost}:${bound}`,
        close: async () => {
          await new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          });
          await Promise.allSettled(((app.locals.stopOnClose ?? []) as Stop[]).map((stop) => stop()));
        },
      });
    });
  });
}
