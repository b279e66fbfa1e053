// `npm run bench:indexer -- --trace`: where a mint's time goes between the chain and the API. A
// JSON-RPC proxy between Ponder and anvil records every HTTP request Ponder makes (method, block,
// start and end on the bench's clock; WebSocket connections, anvil's pushed new heads, pass through
// unrecorded: a pushed block shows as Ponder's eth_getBlockByHash of it); per timed mint the bench adds when it sent the transaction, when
// anvil answered (automine: the block is mined by then), and when @ponder/client and the API first
// showed it. `stagesOf` lines these up into the stages printed as percentiles.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { passWebSocketUpgrades } from "@pixlings/test-kit/webSocketPassthrough";
import { percentile } from "./percentile.ts";

/** One JSON-RPC request Ponder made, timed on this process's performance.now(). */
export interface RpcCall {
  method: string;
  start: number;
  end: number;
  /** The block a getBlock answer carried, or a getLogs asked for (by hash). */
  blockNumber?: number;
  blockHash?: string;
}

export interface RpcProxy {
  url: string;
  calls: RpcCall[];
  stop(): Promise<void>;
}

interface RpcBody {
  method?: string;
  params?: unknown[];
}

function blockOf(body: RpcBody, answer: unknown): Pick<RpcCall, "blockNumber" | "blockHash"> {
  const result = (answer as { result?: { number?: string; hash?: string } } | undefined)?.result;
  if (body.method?.startsWith("eth_getBlockBy") && result?.number)
    return { blockNumber: Number(result.number), ...(result.hash ? { blockHash: result.hash } : {}) };
  const filter = body.params?.[0] as { blockHash?: string } | undefined;
  if (body.method === "eth_getLogs" && filter?.blockHash) return { blockHash: filter.blockHash };
  return {};
}

/** A loopback proxy to `upstream` recording every call; batches are recorded per request. */
export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  const calls: RpcCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const start = performance.now();
      const text = Buffer.concat(chunks).toString("utf8");
      void fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: text })
        .then(async (answer) => {
          const reply = await answer.text();
          const end = performance.now();
          const bodies = [JSON.parse(text) as RpcBody | RpcBody[]].flat();
          const parsed = [JSON.parse(reply) as unknown].flat();
          for (const [i, body] of bodies.entries()) calls.push({ method: body.method ?? "?", start, end, ...blockOf(body, parsed[i]) });
          res.writeHead(answer.status, { "content-type": "application/json" }).end(reply);
        })
        .catch((error: unknown) => res.writeHead(502).end(String(error)));
    });
  });
  const cutWebSockets = passWebSocketUpgrades(server, upstream);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () => {
      cutWebSockets();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** One timed mint as the bench saw it (performance.now() times). */
export interface MintTimes {
  blockNumber: number;
  sent: number;
  mined: number;
  ponder: number;
  api?: number;
}

/** The stages of one mint, in ms; undefined where the proxy saw no such call. */
export interface MintStages {
  /** sendRawTransaction answered: anvil has mined the block. */
  send: number;
  /**
   * From the block mined until Ponder first asked for it: the polling wait when a poll found it
   * (eth_getBlockByNumber latest), the push's delay when anvil's new head announced it (Ponder then
   * asks eth_getBlockByHash and eth_getLogs at once).
   */
  seen?: number;
  /** That first request's round trip. */
  fetch?: number;
  /** How Ponder learned of the block: "poll" or "push". */
  via?: "poll" | "push";
  /** From the first request's answer until the block's eth_getLogs was sent (negative: sent together). */
  toLogs?: number;
  /** eth_getLogs by blockHash. */
  logs?: number;
  /** Every other call Ponder made between the poll and the row showing (eth_call, receipts...). */
  otherCalls: number;
  /** From the last RPC answer for the block until @ponder/client shows the row: indexing, commit, the read. */
  index?: number;
  /** From the row in Ponder until the API answers isMinted: true. */
  api?: number;
  total: number;
}

export function stagesOf(mint: MintTimes, calls: readonly RpcCall[]): MintStages {
  const first = calls.find((c) => c.method.startsWith("eth_getBlockBy") && c.blockNumber === mint.blockNumber && c.end >= mint.mined);
  const logs = first ? calls.find((c) => c.method === "eth_getLogs" && c.blockHash === first.blockHash && c.end >= first.start) : undefined;
  const lastRpc = Math.max(logs?.end ?? 0, first?.end ?? 0) || undefined;
  const others = first
    ? calls.filter((c) => c !== first && c !== logs && c.start >= first.start && c.start <= mint.ponder && !c.method.startsWith("eth_getBlockBy")).length
    : 0;
  return {
    send: mint.mined - mint.sent,
    ...(first
      ? { seen: Math.max(0, first.start - mint.mined), fetch: first.end - first.start, via: first.method === "eth_getBlockByHash" ? "push" : "poll" }
      : {}),
    ...(first && logs ? { toLogs: logs.start - first.end, logs: logs.end - logs.start } : {}),
    otherCalls: others,
    ...(lastRpc !== undefined ? { index: mint.ponder - lastRpc } : {}),
    ...(mint.api !== undefined ? { api: mint.api - mint.ponder } : {}),
    total: (mint.api ?? mint.ponder) - mint.sent,
  };
}

/** One line per stage: p50 / p90 / p99 / max over every mint (ms). */
export function describeStages(stages: readonly MintStages[]): string[] {
  const keys = ["send", "seen", "fetch", "toLogs", "logs", "index", "api", "total"] as const;
  const lines = keys.flatMap((key) => {
    const values = stages
      .map((s) => s[key])
      .filter((v): v is number => v !== undefined)
      .sort((a, b) => a - b);
    if (values.length === 0) return [];
    const at = (p: number): string => percentile(values, p).toFixed(1);
    return [`${key.padEnd(8)} p50 ${at(50)}  p90 ${at(90)}  p99 ${at(99)}  max ${values.at(-1)!.toFixed(1)}  (${values.length} mints)`];
  });
  const other = stages.reduce((sum, s) => sum + s.otherCalls, 0);
  const pushed = stages.filter((s) => s.via === "push").length;
  return [
    ...lines,
    `blocks Ponder learned of by a push: ${pushed}, by a poll: ${stages.filter((s) => s.via === "poll").length}`,
    `other RPC calls between a block's first request and its row: ${other} over ${stages.length} mints`,
  ];
}

/** The slowest mints' stages, to see which stage made the tail. */
export function slowest(stages: readonly MintStages[], count: number): string[] {
  const round = (v: number | undefined): string => (v === undefined ? "-" : v.toFixed(0));
  return [...stages]
    .sort((a, b) => b.total - a.total)
    .slice(0, count)
    .map(
      (s) =>
        `total ${round(s.total)}: send ${round(s.send)}, seen ${round(s.seen)} (${s.via ?? "?"}), fetch ${round(s.fetch)}, to logs ${round(s.toLogs)}, logs ${round(s.logs)}, index ${round(s.index)}, api ${round(s.api)}`,
    );
}
