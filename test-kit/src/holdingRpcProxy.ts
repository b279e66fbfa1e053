import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LOOPBACK } from "@pixlings/shared/defaults";

interface RpcCall {
  method?: string;
  params?: unknown[];
}

export interface HoldingRpcProxy {
  url: string;
  /** Resolves when the proxy holds its first transaction: the client now waits forever. */
  holding: Promise<void>;
  /** Every signed transaction passed to the chain, in order (a re-broadcast of one counts again). */
  passed: string[];
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of `upstream` that passes `passTransactions` eth_sendRawTransaction
 * calls (and every other call) through, then holds the next transactions without an answer, so a
 * process using it stops at a known point: exactly that many transactions sent, the next never.
 * `delayMs`: each transaction passed reaches the chain only this long after it was sent (a slow
 * node or network: other senders act meanwhile).
 */
export async function startHoldingRpcProxy(upstream: string, passTransactions: number, options: { delayMs?: number } = {}): Promise<HoldingRpcProxy> {
  let sent = 0;
  const passed: string[] = [];
  let held: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const open = new Set<ServerResponse>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const calls = [JSON.parse(body) as RpcCall | RpcCall[]].flat();
    const raws = calls.filter((call) => call.method === "eth_sendRawTransaction");
    if (raws.length > 0) {
      if (sent >= passTransactions) {
        open.add(res);
        held();
        return;
      }
      sent++;
      passed.push(...raws.map((call) => String(call.params?.[0])));
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
    try {
      const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(await answer.text());
    } catch {
      // The chain stopped while a delayed call waited (the test is over): the caller sees a dropped connection.
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    holding,
    passed,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
