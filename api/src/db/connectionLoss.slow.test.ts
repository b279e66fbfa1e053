// Postgres going away under the API's client (a restart: `pg_ctl stop -m fast`) fails what was in
// flight with postgres.js's CONNECTION_CLOSED and nothing else: the process lives on and every pooled
// connection works again once Postgres is back. postgres@3.4.9 needs patches/postgres@3.4.9.patch
// for this: a transaction's ROLLBACK written on its closed connection threw an uncaught TypeError
// (socket null) that ended the process; the backend's last error was handed to the connection's
// first query after the restart; a connection closed while a write waited for its turn never wrote again.
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, it } from "node:test";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { eventually } from "@pixlings/test-kit/indexer";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { type Database, openDatabase } from "./openDatabase.ts";

/** One turn of the event loop: what was deferred with setImmediate before it has run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the API's Postgres client losing its connections", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let database: Database;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  before(async () => {
    pg = await startPostgres();
    database = await openDatabase({ databaseUrl: pg.url });
    process.on("uncaughtExceptionMonitor", onUncaught);
  });
  after(async () => {
    process.off("uncaughtExceptionMonitor", onUncaught);
    await database?.close();
    await pg?.stop();
  });

  it("reconnects a connection closed while a query's write waited for its turn", async () => {
    // The API's client with a socket factory, so the test can cut one connection's socket at a chosen moment.
    const sockets: net.Socket[] = [];
    const { hostname, port } = new URL(pg.url);
    const connectSocket = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => resolve(socket)).once("error", reject);
        sockets.push(socket);
      });
    const options = { max: 10, onnotice: () => {}, connect_timeout: 3, socket: connectSocket };
    const client = postgres(pg.url, options);
    try {
      await client`select 1`;
      assert.equal(sockets.length, 1);
      // Issued from a setImmediate callback, the query's write is deferred to the next turn's
      // setImmediate; the socket destroyed now closes in this turn, before that write.
      const cut = await new Promise<Promise<unknown>>((resolve) =>
        setImmediate(() => {
          sockets[0]!.destroy();
          resolve(
            client`select 2`.then(
              () => assert.fail("the query outlived its socket"),
              (error: unknown) => error,
            ),
          );
        }),
      );
      assert.equal(((await cut) as { code?: unknown }).code, "CONNECTION_CLOSED");
      // As many queries at once as the pool has connections: the cut one among them.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => client<{ n: number }[]>`select ${i}::int as n`));
      assert.deepEqual(
        answers.map((rows) => rows[0]?.n),
        Array.from({ length: 10 }, (_, i) => i),
      );
      assert.equal(sockets.length, 11, "every connection opened, the cut one again");
    } finally {
      await client.end({ timeout: 1 });
    }
    assert.deepEqual(uncaught, []);
  });

  it("fails it with CONNECTION_CLOSED, throws nothing uncaught, and the client queries again after the restart", async () => {
    const failure = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(60)`);
      })
      .then(
        () => assert.fail("the transaction outlived its connection"),
        (error: unknown) => error,
      );
    const observer = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      await eventually(
        async () => (await observer`select 1 from pg_stat_activity where query = 'select pg_sleep(60)' and state = 'active'`).length === 1,
        () => "the transaction's query never ran",
      );
    } finally {
      await observer.end();
    }

    await pg.halt();
    const error = await failure;
    assert.equal((error as { code?: unknown }).code, "CONNECTION_CLOSED", String(error));
    // The transaction's ROLLBACK on the closed connection is written on the next turn (setImmediate).
    await nextTurn();
    await nextTurn();
    assert.deepEqual(uncaught, [], "nothing thrown outside the transaction");

    await pg.resume();
    // Every pooled connection (max 10) reconnects: the one the transaction had among them.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => database.db.execute(sql`select ${i}::int as n, pg_sleep(0.05)`)));
    assert.deepEqual(
      answers.map((rows) => (rows as unknown as { n: number }[])[0]?.n),
      Array.from({ length: 12 }, (_, i) => i),
    );
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    assert.deepEqual(uncaught, []);
  });
});
