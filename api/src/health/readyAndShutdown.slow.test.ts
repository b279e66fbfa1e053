// GET /api/ready answers 200 only while the database answers with every migration applied, the
// indexer answers (within the sale's lag) and every sale chain's RPC answers; 503 with the reasons
// otherwise, and 200 again once they are back. SIGTERM: a web process stops accepting, finishes the
// request in flight, and exits 0.
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { after, before, describe, it } from "node:test";
import postgres from "postgres";
import type { NotReadyBody } from "@pixlings/shared/http/health";
import { eventually } from "@pixlings/test-kit/indexer";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { startSaleStack, type SaleStack } from "@pixlings/test-kit/saleStack";
import { spawnApi } from "@pixlings/test-kit/spawnApi";
import { startTcpGate, type TcpGate } from "@pixlings/test-kit/tcpGate";
import type { TestApi } from "@pixlings/test-kit/api";

const refused = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });

describe("ready and shutdown", { skip: skipPostgres() }, () => {
  let pg: TestPostgres;
  let stack: SaleStack;
  let api: TestApi;
  let gates: { db: TcpGate; rpc: TcpGate; indexer: TcpGate };

  const ready = async (): Promise<{ status: number; body: NotReadyBody | { status: string } }> => {
    const res = await fetch(`${api.url}/api/ready`);
    return { status: res.status, body: (await res.json()) as NotReadyBody };
  };
  const notReadyFor = async (pattern: RegExp): Promise<void> => {
    const { status, body } = await ready();
    assert.equal(status, 503, JSON.stringify(body));
    assert.equal(body.status, "not_ready");
    assert.ok(
      (body as NotReadyBody).reasons.some((reason) => pattern.test(reason)),
      JSON.stringify(body),
    );
  };
  /** Not ready, for `pattern`, while `gate` is shut; ready again once it is open. */
  const notReadyWhileShut = async (gate: TcpGate, pattern: RegExp): Promise<void> => {
    await gate.shut();
    try {
      await notReadyFor(pattern);
    } finally {
      await gate.open();
    }
    await readyAgain();
  };
  const readyAgain = (): Promise<void> =>
    eventually(
      async () => (await ready()).status === 200,
      async () => `not ready again: ${JSON.stringify((await ready()).body)}`,
    );

  before(async () => {
    [pg, stack] = await Promise.all([startPostgres(), startSaleStack()]);
    const pgPort = new URL(pg.url).port;
    gates = {
      db: await startTcpGate(`http://127.0.0.1:${pgPort}`),
      rpc: await startTcpGate(stack.eth.chain.url),
      indexer: await startTcpGate(stack.indexer.url),
    };
    const chains = (JSON.parse(stack.chainsEnv) as { chainId: number; rpcUrl: string }[]).map((c) =>
      c.chainId === stack.eth.chainId ? { ...c, rpcUrl: gates.rpc.url } : c,
    );
    api = await stack.startApi({
      DATABASE_URL: pg.url.replace(`:${pgPort}/`, `:${new URL(gates.db.url).port}/`),
      PIXLINGS_INDEXER_CHAINS: JSON.stringify(chains),
      INDEXER_URL: gates.indexer.url,
    });
  });
  after(async () => {
    await stack?.close();
    await Promise.all(Object.values(gates ?? {}).map((gate) => gate.stop()));
    await pg?.stop();
  });

  it("is ready with everything up; /api/health keeps its contract", async () => {
    assert.deepEqual(await ready(), { status: 200, body: { status: "ready" } });
    const health = await fetch(`${api.url}/api/health`);
    assert.deepEqual([health.status, await health.json()], [200, { status: "ok", database: "postgres" }]);
  });

  it("is not ready while a sale chain's RPC is down, and ready again once it is back", async () => {
    await notReadyWhileShut(gates.rpc, /RPC is not answering/);
  });

  it("is not ready while the indexer is away", async () => {
    await notReadyWhileShut(gates.indexer, /the indexer is not answering/);
  });

  it("is not ready while the database is away, and ready again once it is back", async () => {
    await notReadyWhileShut(gates.db, /the database is not answering/);
  });

  it("is not ready while the database lacks this build's newest migration", async () => {
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      const [last] = await sql<{ id: number; hash: string; created_at: string }[]>`
        select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`;
      assert.ok(last);
      await sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`;
      await notReadyFor(/migrations are not at head/);
      await sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`;
      await readyAgain();
    } finally {
      await sql.end();
    }
  });

  it("on SIGTERM a web process stops accepting, finishes the request in flight and exits 0", async () => {
    const web = await spawnApi({
      PIXLINGS_ROLE: "web",
      DATABASE_URL: pg.url,
      INDEXER_URL: stack.indexer.url,
      PIXLINGS_INDEXER_CHAINS: stack.chainsEnv,
      MINT_SIGNER_PRIVATE_KEY: api.config.sale.signerKey,
    });
    // A request whose body is still coming when SIGTERM arrives: the server is busy with it. It
    // answers "100 Continue" only once it has read the headers (before that the connection counts
    // as idle, and a drain may close it), so the signal goes only then.
    const body = JSON.stringify({ message: "not a SIWE message", signature: "0x00" });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${web.url}/api/auth/siwe`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: web.url,
          expect: "100-continue",
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.once("continue", () => {
        req.write(body.slice(0, 10));
        process.kill(web.pid, "SIGTERM");
        // Once it no longer accepts, the rest of the body comes.
        void eventually(
          () => refused(web.url),
          () => "the web process still accepts connections after SIGTERM",
        ).then(() => req.end(body.slice(10)), reject);
      });
      req.flushHeaders();
    });
    const { status, text } = await answer;
    assert.equal(status, 400, text);
    assert.match(JSON.parse(text).message, /SIWE|message|signature/i);
    assert.equal(await web.exited, 0);
  });
});
