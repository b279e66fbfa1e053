// `npm run bench:card`: how fast a card payment becomes a card-owned Pix, and how many card orders
// the shop fulfils a minute. The card shop of the tests (test-kit/cardShop.ts: two anvil chains
// with fixture art, Ponder, the Stripe stand-in, the real API and its fulfilment worker), then:
// 50 orders one after the other, each timed from the API's 200 to the `payment_intent.succeeded`
// webhook to `GET /api/nfts/token/{id}` showing it card-owned; then 20 buyers at once for 60 s,
// every order waited for, every id checked on both chains. Writes bench/results/card.json.
import path from "node:path";
import { chunkRange } from "@pixlings/shared/art/chunks";
import type { CheckoutResponse } from "@pixlings/shared/http/checkout";
import type { Nft } from "@pixlings/shared/http/nfts";
import { runMain } from "@pixlings/scripts/cli";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { intentIdOf, startCardShop, type CardShop } from "@pixlings/test-kit/cardShop";
import { mintedIds, testAccount, type TestChain } from "@pixlings/test-kit/indexer";
import { signIn } from "@pixlings/test-kit/signIn";
import { printFigureTable, type Targets } from "./figureTable.ts";
import { percentile } from "./percentile.ts";
import { writeFigures, type Figure } from "./report.ts";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "card.json");
const LATENCY_ORDERS = 50;
const BUYERS = 20;
const WINDOW_MS = 60_000;
/** Fixture art for about 3,000 ids: more than 20 buyers order in a minute here. */
const ART_CHUNKS = 12;
const TARGETS: Targets = {
  card_fulfil_p50_ms: { describe: "<= 1,000 ms", pass: (v) => v <= 1_000 },
  card_fulfil_p99_ms: { describe: "<= 2,500 ms", pass: (v) => v <= 2_500 },
  card_ids_sold_twice: { describe: "0", pass: (v) => v === 0 },
  card_orders_unfulfilled: { describe: "0", pass: (v) => v === 0 },
};

const step = (message: string): void => console.log(`[bench:card] ${message}`);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Ids handed out one by one to the buyers (no two orders ask for the same id). */
function idSource(first: number, last: number): () => number {
  let next = first;
  return () => {
    if (next > last) throw new Error("the bench ran out of fixture ids: give it more art chunks");
    return next++;
  };
}

/** A buyer of its own for every 10 orders (a buyer holds at most 10 card Pix). */
async function buyerJar(shop: CardShop, label: string) {
  return signIn(shop.api, testAccount(`bench-card-${label}`));
}

async function cardOwnedAt(shop: CardShop, id: number, timeoutMs = 30_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const nft = (await (await fetch(`${shop.api.url}/api/nfts/token/${id}`)).json()) as Nft;
    if (nft.ownerType === "card") return performance.now();
    await sleep(10);
  }
  throw new Error(`Pix #${id} was not shown card-owned within ${timeoutMs} ms`);
}

/** Accepted-webhook-to-card-owned latencies of `count` orders placed one after the other. */
async function measureLatency(shop: CardShop, acceptedAt: Map<string, number>, nextId: () => number, count: number): Promise<number[]> {
  const latencies: number[] = [];
  let jar = await buyerJar(shop, "latency-0");
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 10 === 0) jar = await buyerJar(shop, `latency-${i}`);
    const id = nextId();
    const order = await shop.place(jar, [id]);
    await shop.pay(order);
    const visibleAt = await cardOwnedAt(shop, id);
    const accepted = acceptedAt.get(intentIdOf(order.clientSecret));
    if (accepted === undefined) throw new Error(`no accepted webhook for order ${order.orderId}`);
    latencies.push(Math.max(0, Math.round(visibleAt - accepted)));
  }
  return latencies;
}

/** A checkout, retried as a buyer's page does when sales pause for a moment (503 with `retryAfter`). */
async function placeWhenOpen(shop: CardShop, jar: Awaited<ReturnType<typeof buyerJar>>, id: number, paused: { count: number }): Promise<CheckoutResponse> {
  for (;;) {
    const res = await shop.checkout(jar, [id]);
    if (res.status === 200) return (await res.json()) as CheckoutResponse;
    const body = (await res.json()) as { code?: string; retryAfter?: number; message?: string };
    if (res.status !== 503 || body.code !== "sales_paused") throw new Error(`checkout of Pix #${id}: ${res.status} ${JSON.stringify(body)}`);
    paused.count += 1;
    await sleep((body.retryAfter ?? 1) * 1000);
  }
}

/** 20 buyers placing and paying 1-Pix orders for `WINDOW_MS`; the orders paid in the window. */
async function runBuyers(shop: CardShop, nextId: () => number): Promise<{ orders: CheckoutResponse[]; ids: number[]; paused: number }> {
  const orders: CheckoutResponse[] = [];
  const ids: number[] = [];
  const paused = { count: 0 };
  const end = performance.now() + WINDOW_MS;
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, buyer) => {
      for (let n = 0; performance.now() < end; n++) {
        const jar = await buyerJar(shop, `load-${buyer}-${n}`);
        const id = nextId();
        const order = await placeWhenOpen(shop, jar, id, paused);
        await shop.pay(order);
        orders.push(order);
        ids.push(id);
      }
    }),
  );
  return { orders, ids, paused: paused.count };
}

/** How many ids were minted more than once, or on both chains (must be 0). */
async function soldTwice(chains: readonly TestChain[], ids: readonly number[]): Promise<number> {
  const minted = (await Promise.all(chains.map((c) => mintedIds(c.clients.publicClient, c.address)))).flat();
  return ids.filter((id) => minted.filter((m) => m === id).length > 1).length;
}

async function main(): Promise<number> {
  const acceptedAt = new Map<string, number>();
  step("starting the card shop (anvil x2, Ponder, Stripe stand-in, API)...");
  const shop = await startCardShop({
    chunks: ART_CHUNKS,
    // One client address for every buyer: no per-client caps in the way. The indexer may lag 20
    // blocks (below the 30 of finality) before sales pause: every card order is a block here.
    env: {
      RESERVATION_CLIENT_CAP: "9999",
      MINT_IP_PER_MINUTE: "1000000",
      MINT_AUTHORIZE_PER_MINUTE: "1000000",
      SALE_MAX_INDEXER_LAG_BLOCKS: "20",
      LOG_LEVEL: "error",
    },
    onForwarded: (delivery) => {
      if (delivery.type === "payment_intent.succeeded" && delivery.status === 200) acceptedAt.set(delivery.objectId, delivery.at);
    },
  });
  try {
    const nextId = idSource(1, chunkRange(ART_CHUNKS - 1).lastId);
    step(`latency: ${LATENCY_ORDERS} orders one after the other...`);
    const latencies = (await measureLatency(shop, acceptedAt, nextId, LATENCY_ORDERS)).sort((a, b) => a - b);
    step(`load: ${BUYERS} buyers at once for ${WINDOW_MS / 1000} s...`);
    const started = performance.now();
    const load = await runBuyers(shop, nextId);
    const windowMs = performance.now() - started;
    step(`${load.orders.length} orders paid (${load.paused} checkouts waited for a pause: the indexer behind); waiting for every one to be minted...`);
    let unfulfilled = 0;
    for (const order of load.orders) {
      const state = (await shop.waitState(order.orderId, "minted", 120_000).catch(() => undefined))?.state;
      if (state !== "minted") unfulfilled += 1;
    }
    const twice = await soldTwice(shop.stack.chains, load.ids);
    const figures: Record<string, Figure> = {
      card_fulfil_p50_ms: { value: percentile(latencies, 50), unit: "ms", better: "lower" },
      card_fulfil_p99_ms: { value: percentile(latencies, 99), unit: "ms", better: "lower" },
      card_orders_per_min: { value: Math.round((load.orders.length - unfulfilled) / (windowMs / 60_000)), unit: "orders/min", better: "higher" },
      card_orders_paid: { value: load.orders.length, unit: "orders", better: "higher" },
      card_orders_unfulfilled: { value: unfulfilled, unit: "orders", better: "lower" },
      card_checkouts_paused: { value: load.paused, unit: "requests", better: "lower" },
      card_ids_sold_twice: { value: twice, unit: "ids", better: "lower" },
    };
    printFigureTable(figures, TARGETS);
    writeFigures(RESULTS_FILE, figures);
    step(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
    return unfulfilled === 0 && twice === 0 ? 0 : 1;
  } finally {
    await shop.close();
  }
}

runMain(main);
