// Web and worker processes on one Postgres 15: the in-process API is a web process (no minter,
// custody or art-admin key; its orders are minted elsewhere), two worker processes hold the keys and
// serve no public HTTP; one of them holds each job family's lease, and when it is killed (-9) the
// standby takes the family within 10 s, and every order is minted exactly once.
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, it } from "node:test";
import { freePort } from "@pixlings/test-kit/ownerChain";
import { startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { eventually, mintCounts as mintCountsOn, testAccount } from "@pixlings/test-kit/indexer";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import type { Jar } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import type { ApiChild } from "@pixlings/test-kit/spawnApi";

/** Whether something accepts connections on `port` of loopback. */
const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** The worker's `pixlings_worker_lease{family}` (1: it runs the family), from its METRICS_PORT. */
async function holds(worker: ApiChild, family: string): Promise<boolean> {
  const text = await fetch(`${worker.url}/metrics`).then(
    (res) => res.text(),
    () => "", // a killed worker holds nothing
  );
  return new RegExp(`^pixlings_worker_lease\\{family="${family}"\\} 1$`, "m").test(text);
}

describe("web and worker processes on one Postgres", { skip: skipPostgres() }, () => {
  let pg: TestPostgres;
  let shop: CardShop;
  let jar: Jar;
  const workers: ApiChild[] = [];
  const apiPorts: number[] = [];

  /** How many times each id was minted on the primary chain. */
  const mintCounts = (ids: number[]): Promise<number[]> => mintCountsOn(shop.stack.eth, ids);
  const spawnWorker = async (): Promise<ApiChild> => {
    const port = await freePort();
    apiPorts.push(port);
    // API_PORT is set and must stay closed: a worker serves no public HTTP, only its METRICS_PORT.
    const worker = await shop.spawnApi(0, { PIXLINGS_ROLE: "worker", API_PORT: String(port), METRICS_PORT: "0", LOG_LEVEL: "info" });
    workers.push(worker);
    // The stand-in's webhooks go to the web process (a worker serves none).
    shop.relay.target = `${shop.api.url}/api/stripe/webhook`;
    return worker;
  };

  before(async () => {
    pg = await startPostgres();
    shop = await startCardShop({ env: { DATABASE_URL: pg.url, FULFILMENT_LEASE_SECONDS: "2" }, role: "web" });
    await spawnWorker();
    await spawnWorker();
    jar = await signIn(shop.api, testAccount("roles-buyer"));
  });
  after(async () => {
    await shop?.close();
    await pg?.stop();
  });

  it("the web process holds no worker key and runs no loop; a worker serves nothing on its API port", async () => {
    assert.equal(shop.api.config.role, "web");
    assert.equal(shop.api.config.custody?.keys, undefined);
    assert.equal(shop.api.config.artAdminKey, undefined);
    for (const port of apiPorts) assert.equal(await listening(port), false, `a worker listens on its API_PORT ${port}`);
    for (const worker of workers) {
      assert.equal((await fetch(`${worker.url}/api/nfts`)).status, 404, "the ops port serves no public route");
      assert.match(worker.output(), /Pixlings worker ready: http:\/\/127\.0\.0\.1:\d+ \(fulfilment, reservation-sweeper, card-expiry\)/);
    }
  });

  it("one worker holds each family's lease; the web process's order is minted by it, once", async () => {
    const holders = await Promise.all(workers.map((w) => holds(w, "fulfilment")));
    assert.deepEqual(holders.filter(Boolean).length, 1, `exactly one worker runs fulfilment: ${holders.join(", ")}`);
    const order = await shop.place(jar, [40, 41]);
    await shop.pay(order);
    await shop.waitState(order.orderId, "minted");
    assert.deepEqual(await mintCounts([40, 41]), [1, 1]);
  });

  it("kill -9 of the active worker: the standby takes the family within 10 s and mints every order exactly once", async () => {
    const active = workers[(await holds(workers[0]!, "fulfilment")) ? 0 : 1]!;
    const standby = workers.find((w) => w !== active)!;
    const order = await shop.place(jar, [42]);
    await shop.pay(order);
    // Killed while the order may be in its hands (paid, its job queued or claimed): no waiting for it to settle.
    await active.kill();
    await eventually(
      () => holds(standby, "fulfilment"),
      () => "the standby did not take the fulfilment lease",
      10_000,
    );
    await shop.waitState(order.orderId, "minted");
    const next = await shop.place(jar, [43]);
    await shop.pay(next);
    await shop.waitState(next.orderId, "minted");
    assert.deepEqual(await mintCounts([40, 41, 42, 43]), [1, 1, 1, 1]);
  });

  it("a worker stopped by SIGTERM gives its leases back and exits 0", async () => {
    const holders = await Promise.all(workers.map((w) => holds(w, "fulfilment")));
    const live = workers[holders.indexOf(true)] ?? assert.fail("no worker holds the fulfilment lease");
    const spare = await spawnWorker();
    assert.equal(await holds(spare, "fulfilment"), false);
    await live.stop();
    assert.equal(await live.exited, 0);
    await eventually(
      () => holds(spare, "fulfilment"),
      () => "the spare worker did not take the lease given back",
      10_000,
    );
  });
});
