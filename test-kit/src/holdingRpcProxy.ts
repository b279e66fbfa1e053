import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LOOPBACK } from "@pixlings/shared/defaults";

export interface HoldingRpcProxy {
  url: string;
  /** Resolves when the proxy holds its first transaction: the client now waits forever. */
  holding: Promise<void>;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of `upstream` that passes `passTransactions` eth_sendRawTransaction
 * calls (and every other call) through, then holds the next transactions without an answer, so a
 * process using it stops at a known point: exactly that many transactions sent, the next never.
 */
export async function startHoldingRpcProxy(upstream: string, passTransactions: number): Promise<HoldingRpcProxy> {
  let sent = 0;
  let held: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const open = new Set<ServerResponse>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const calls = [JSON.parse(body) as { method?: string } | { method?: string }[]].flat();
    if (calls.some((call) => call.method === "eth_sendRawTransaction")) {
      if (sent >= passTransactions) {
        open.add(res);
        held();
        return;
      }
      sent++;
    }
    const answer = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`,
    holding,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
