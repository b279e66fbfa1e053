import { db, publicClients } from "ponder:api";
import schema from "ponder:schema";
import { Hono } from "hono";
import { client, graphql, sql } from "ponder";
import type { PublicClient } from "viem";
import { SaleFactsBody, saleFactsQuery } from "./saleFacts.ts";

// Ponder itself serves GET /health (process up), /ready (200 once the backfill is indexed, 503
// before) and /status (per chain: the latest indexed block number and timestamp).
const app = new Hono();

interface CheckpointRow {
  chain_name: string;
  chain_id: unknown;
  latest_checkpoint: string;
}

async function checkpointRows(): Promise<CheckpointRow[]> {
  const result = await db.execute(sql`SELECT chain_name, chain_id, latest_checkpoint FROM _ponder_checkpoint ORDER BY chain_id`);
  return (result as unknown as { rows: CheckpointRow[] }).rows;
}

/** A Ponder checkpoint is 10 digits of block timestamp, 16 of chain id, 16 of block number, ... */
const blockOfCheckpoint = (checkpoint: string): number => Number(checkpoint.slice(26, 42));

/**
 * GET /synced: 200 once the backfill is done and every chain is indexed up to the head its RPC
 * reports now (/ready alone turns 200 before the last unfinalized blocks are indexed); else 503.
 * Body: { synced, chains: [{ chain, chainId, indexedBlock, headBlock, synced }] }.
 */
app.get("/synced", async (c) => {
  const meta = await db.execute(sql`SELECT (value->>'is_ready')::int AS is_ready FROM _ponder_meta WHERE key = 'app'`);
  const ready = (meta as unknown as { rows: { is_ready: number }[] }).rows[0]?.is_ready === 1;
  const clients = publicClients as Record<string, PublicClient | undefined>;
  const chains = await Promise.all(
    (await checkpointRows()).map(async (row) => {
      const indexedBlock = blockOfCheckpoint(row.latest_checkpoint);
      const headBlock = Number(await clients[row.chain_name]!.getBlockNumber({ cacheTime: 0 }));
      return { chain: row.chain_name, chainId: Number(row.chain_id), indexedBlock, headBlock, synced: indexedBlock >= headBlock };
    }),
  );
  const synced = ready && chains.length > 0 && chains.every((chain) => chain.synced);
  return c.json({ synced, chains }, synced ? 200 : 503);
});

/**
 * POST /sale-facts `{ requests: [{ chainId, tokenIds, address? }] }`: what the API's sales decide
 * on, from one statement (saleFacts.ts): `{ rows }`. A fixed statement, so it skips the parsing and
 * checking of arbitrary SQL that /sql does (about 100 ms per new query on a busy Ponder).
 */
app.post("/sale-facts", async (c) => {
  const body = SaleFactsBody.safeParse(await c.req.json().catch(() => undefined));
  if (!body.success)
    return c.json({ message: `Invalid sale-facts request: ${body.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}` }, 400);
  const result = await db.execute(saleFactsQuery(body.data));
  return c.json({ rows: (result as unknown as { rows: unknown[] }).rows });
});

// @ponder/client: other processes query these tables over HTTP (read-only SQL, live queries).
const sqlClient = new Hono().use("/sql/*", client({ db, schema }));

/**
 * Ponder 0.16.10's client middleware caches each query's result until a write to one of its
 * tables notifies it, but Ponder drops those notifications while it reverts a reorg: a table that
 * only the reorg changed would keep serving reverted rows. So each query's cache key also carries
 * the chains' latest indexed checkpoints, which move on with the first block indexed after a reorg.
 */
let version = { value: "", at: 0 };
async function dataVersion(): Promise<string> {
  if (Date.now() - version.at < 20) return version.value;
  const rows = await checkpointRows();
  version = { value: rows.map((r) => `${String(r.chain_id)}:${r.latest_checkpoint}`).join(","), at: Date.now() };
  return version.value;
}

app.use("/sql/*", async (c) => {
  const url = new URL(c.req.url);
  const query = url.searchParams.get("sql");
  if (query !== null) {
    try {
      const parsed = JSON.parse(query) as { json?: Record<string, unknown> };
      if (parsed.json && typeof parsed.json === "object") {
        parsed.json.cacheVersion = await dataVersion();
        url.searchParams.set("sql", JSON.stringify(parsed));
      }
    } catch {
      // Not JSON: the client middleware answers with its own error.
    }
  }
  return sqlClient.fetch(new Request(url, c.req.raw));
});

// GraphQL (POST queries; the GraphiQL page needs a CDN).
app.use("/graphql", graphql({ db, schema }));

export default app;
