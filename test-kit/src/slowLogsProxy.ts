import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LOOPBACK } from "@pixlings/shared/defaults";
import { passWebSocketUpgrades } from "./webSocketPassthrough.ts";

interface RpcCall {
  method?: string;
  params?: unknown[];
}

export interface SlowLogsProxy {
  url: string;
  /** While above 0: each `eth_getLogs` by `blockHash` waits this long before it reaches the chain (a slow node). */
  holdMs: number;
  /** While above 0: what the chain pushes over the WebSocket (new heads) reaches the client this much later. */
  pushDelayMs: number;
  /** Resolves once the client has asked for the logs of block `hash` `times` times (a retry asks again); rejects after `timeoutMs` (30 s). */
  asked(hash: string, times?: number, timeoutMs?: number): Promise<void>;
  /** The block hashes of every `eth_getLogs` the chain answered with an error (anvil: "unknown block"), in order. */
  failed: string[];
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of `upstream` (an anvil chain) for one client (Ponder): every call
 * passes through; it sees each `eth_getLogs` by block hash (Ponder's live sync fetching a block's
 * logs), can make them slow, and records those the chain refused, so a test can put a reorg
 * exactly while the client is fetching a block the reorg drops.
 */
export async function startSlowLogsProxy(upstream: string): Promise<SlowLogsProxy> {
  const asks = new Map<string, number>();
  const waiters = new Set<() => void>();
  const failed: string[] = [];
  const proxy: SlowLogsProxy = {
    url: "",
    holdMs: 0,
    pushDelayMs: 0,
    failed,
    asked: (hash, times = 1, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the logs of block ${hash} were asked for ${asks.get(hash.toLowerCase()) ?? 0} times in ${timeoutMs} ms, not ${times}`));
        }, timeoutMs);
        const check = (): void => {
          if ((asks.get(hash.toLowerCase()) ?? 0) < times) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    close: async () => {
      cutWebSockets();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const call = JSON.parse(body) as RpcCall;
    const blockHash = call.method === "eth_getLogs" ? (call.params?.[0] as { blockHash?: string } | undefined)?.blockHash?.toLowerCase() : undefined;
    if (blockHash) {
      asks.set(blockHash, (asks.get(blockHash) ?? 0) + 1);
      for (const check of [...waiters]) check();
      if (proxy.holdMs > 0) await new Promise((resolve) => setTimeout(resolve, proxy.holdMs));
    }
    try {
      const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
      const text = await answer.text();
      if (blockHash && "error" in (JSON.parse(text) as object)) failed.push(blockHash);
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(text);
    } catch {
      // The chain stopped (the test is over): the client sees a dropped connection.
      res.destroy();
    }
  });
  // Ponder's new-heads subscription on the same URL: passed through, late by `pushDelayMs`.
  const cutWebSockets = passWebSocketUpgrades(server, upstream, { downDelayMs: () => proxy.pushDelayMs });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  proxy.url = `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`;
  return proxy;
}
