// Card sales' test world: the sale stack (two anvil chains, Ponder), the Stripe stand-in delivering
// its webhooks through a relay that can hold them, and the real API selling by card.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Hash } from "viem";
import { CHAINS } from "@pixlings/shared/chains";
import { isArtistId } from "@pixlings/shared/collection";
import { STRIPE_WEBHOOK_PATH } from "@pixlings/shared/defaults";
import type { CheckoutResponse } from "@pixlings/shared/http/checkout";
import { CARD_PRICE_CENTS, cardOrders, readSaleFacts } from "@pixlings/api/testing";
import type { TestApi } from "./api.ts";
import { eventually } from "./indexer.ts";
import { startTestStripe, type TestStripe } from "./localStripe.ts";
import { expectStatus, postJson, startSaleStack, type Jar, type SaleStack } from "./saleStack.ts";
import { spawnApi, type ApiChild } from "./spawnApi.ts";
import { startTcpGate, type TcpGate } from "./tcpGate.ts";
import { type OnForwarded, startWebhookRelay, type WebhookRelay } from "./webhookRelay.ts";

type CardOrderRow = typeof cardOrders.$inferSelect;

/** Blocks above a block that make it final on the primary chain (the indexer's and the API's count). */
const FINALITY_BLOCKS = CHAINS[31337].finalityBlocks;

/** The card price of a fixture Pix (test-kit/artFixtures.ts: Artist pieces by id, Common otherwise). */
export const fixtureCardPrice = (id: number): number => CARD_PRICE_CENTS[isArtistId(id) ? "Artist" : "Common"];

/** The PaymentIntent id inside a client secret (`pi_…_secret_…`). */
export const intentIdOf = (clientSecret: string): string => clientSecret.split("_secret_")[0] ?? assert.fail("bad client secret");

export interface CardShop {
  stack: SaleStack;
  stripe: TestStripe;
  /** With `gateStripe`: the API reaches the stand-in through it (shut it: Stripe is away for the API alone). */
  stripeGate: TcpGate | undefined;
  /** The in-process API's webhook relay (relays[0]). */
  relay: WebhookRelay;
  /** One relay per API process: the stand-in delivers every event to each, as to every endpoint of an account. */
  relays: WebhookRelay[];
  api: TestApi;
  /** Another API process (`node api/src/main.ts`) of the same shop, fed by `relays[relay]`; `env` on top of the shop's. */
  spawnApi(relay: number, env?: Record<string, string>): Promise<ApiChild>;
  /** POST /api/cart/checkout at the fixture prices (or `totalAmount`). */
  checkout(jar: Jar, tokenIds: number[], totalAmount?: number): Promise<Response>;
  /** A checkout that must succeed. */
  place(jar: Jar, tokenIds: number[]): Promise<CheckoutResponse>;
  /** Confirms the order's PaymentIntent at the stand-in with a test card, as the checkout page does. */
  pay(order: CheckoutResponse, paymentMethod?: string): Promise<void>;
  orderOf(orderId: string): Promise<CardOrderRow>;
  /**
   * Waits for the order's state. For `minted`, the primary chain mines the blocks that make its
   * custody mint final once the mint is in a block (as a live chain would go on): an order counts
   * as minted only then; and then the indexer's checkpoint catches up with them (the sale pauses
   * while it lags).
   */
  waitState(orderId: string, state: CardOrderRow["state"], timeoutMs?: number): Promise<CardOrderRow>;
  /** Mines what is left of the finality depth above the order's mint block, if its mint is in a block. */
  finalizeMint(orderId: string): Promise<void>;
  /** Until the indexer has the primary chain's head (sales pause while it is behind): after blocks mined at once. */
  salesOpen(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface CardShopOptions {
  /** On top of the sale stack's API defaults, for every API process. */
  env?: Record<string, string>;
  /** Only for the in-process API. */
  apiEnv?: Record<string, string>;
  /** API processes the stand-in delivers to (default 1: the in-process one). */
  relays?: number;
  /** Fixture art chunks on both chains (about 250 ids each; default 1). */
  chunks?: number;
  /** Told of every delivery the first relay forwards to the in-process API. */
  onForwarded?: OnForwarded;
  /** Put a TCP gate between the API and the stand-in (the test's own SDK and the webhooks go around it). */
  gateStripe?: boolean;
  /** The in-process API's role (default `all`; `web`: its worker runs in another process). */
  role?: "web" | "all";
}

/** The card shop on free ports. */
export async function startCardShop(options: CardShopOptions = {}): Promise<CardShop> {
  const stack = await startSaleStack({ chunks: options.chunks });
  const relays = await Promise.all(Array.from({ length: options.relays ?? 1 }, (_, i) => startWebhookRelay("", i === 0 ? options.onForwarded : undefined)));
  // Deliveries wait as long as a relay holds them (the stand-in would retry a timed-out one).
  const stripe = await startTestStripe({ webhookUrls: relays.map((r) => r.url), attemptTimeoutMs: 60_000 });
  const stripeGate = options.gateStripe ? await startTcpGate(stripe.server.url) : undefined;
  const env = {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripeGate?.url ?? stripe.server.url,
    CARD_RESERVATION_TTL_SECONDS: "600",
    // Mint to Wallet at once after a payment; a test of the cooling-off sets its own.
    CARD_TRANSFER_HOLD_SECONDS: "0",
    RESERVATION_COOLDOWN_SECONDS: "0",
    FULFILMENT_POLL_MS: "100",
    ...options.env,
  };
  // The read routes show Pix of the catalogue.
  const api = await stack.startApi({ ...env, ...options.apiEnv }, { seedCatalogue: true, ...(options.role ? { role: options.role } : {}) });
  const [relay] = relays as [WebhookRelay];
  relay.target = `${api.url}${STRIPE_WEBHOOK_PATH}`;
  const children: ApiChild[] = [];
  const orderOf = async (orderId: string): Promise<CardOrderRow> => {
    const [order] = await api.database.db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
    return order ?? assert.fail(`no order ${orderId}`);
  };
  const finalizeMint = async (orderId: string): Promise<void> => {
    const { mintTxHash } = await orderOf(orderId);
    if (!mintTxHash) return;
    const eth = stack.eth.clients.publicClient;
    const receipt = await eth.getTransactionReceipt({ hash: mintTxHash as Hash }).catch(() => undefined);
    if (!receipt) return;
    const missing = FINALITY_BLOCKS - Number((await eth.getBlockNumber({ cacheTime: 0 })) - receipt.blockNumber);
    if (missing > 0) await stack.eth.test.mine({ blocks: missing, interval: 0 });
  };
  /**
   * Until the indexer's checkpoint on the primary chain (what the API's sales gate reads, not
   * Ponder's /status) has reached the chain's head: after blocks mined at once, sales pause meanwhile.
   */
  const salesOpen = async (timeoutMs: number): Promise<void> => {
    const head = Number(await stack.eth.clients.publicClient.getBlockNumber({ cacheTime: 0 }));
    const indexed = async (): Promise<number> => {
      const [facts] = await readSaleFacts(stack.indexer.url, [{ chainId: stack.eth.chainId, tokenIds: [] }]);
      return facts?.statuses.find((status) => status.chainId === stack.eth.chainId)?.latest.number ?? -1;
    };
    await eventually(
      async () => (await indexed()) >= head,
      async () => `the indexer is at block ${await indexed()} of ${head}\nPonder's output:\n${stack.indexer.ponder.output().slice(-4_000)}`,
      timeoutMs,
    );
  };
  const checkout = (jar: Jar, tokenIds: number[], totalAmount?: number): Promise<Response> =>
    postJson(jar, "/api/cart/checkout", {
      tokenIds,
      paymentMethod: "card",
      totalAmount: totalAmount ?? tokenIds.reduce((sum, id) => sum + fixtureCardPrice(id), 0),
    });
  return {
    stack,
    stripe,
    stripeGate,
    relay,
    relays,
    api,
    spawnApi: async (index, childEnv = {}) => {
      const child = await spawnApi({
        ...env,
        INDEXER_URL: stack.indexer.url,
        PIXLINGS_INDEXER_CHAINS: stack.chainsEnv,
        MINT_SIGNER_PRIVATE_KEY: api.config.sale.signerKey,
        SIWE_DOMAIN: api.config.siwe.domain,
        SIWE_URI: api.config.siwe.uri,
        ...childEnv,
      });
      children.push(child);
      const target = relays[index] ?? assert.fail(`no relay ${index}`);
      target.target = `${child.url}${STRIPE_WEBHOOK_PATH}`;
      return child;
    },
    checkout,
    place: async (jar, tokenIds) => (await expectStatus(await checkout(jar, tokenIds), 200)) as unknown as CheckoutResponse,
    pay: async (order, paymentMethod = "pm_card_visa") => {
      await stripe.stripe.paymentIntents.confirm(intentIdOf(order.clientSecret), { payment_method: paymentMethod });
    },
    orderOf,
    finalizeMint,
    salesOpen: (timeoutMs = 60_000) => salesOpen(timeoutMs),
    waitState: async (orderId, state, timeoutMs = 20_000) => {
      await eventually(
        async () => {
          const order = await orderOf(orderId);
          if (order.state === state) return true;
          if (state === "minted") await finalizeMint(orderId);
          return false;
        },
        async () => `order ${orderId} is ${(await orderOf(orderId)).state}, not ${state}`,
        timeoutMs,
      );
      // The finality blocks were mined at once (here or by another wait): the indexer catches up
      // with them before the test's next sale, which it would otherwise pause.
      if (state === "minted") await salesOpen(timeoutMs);
      return orderOf(orderId);
    },
    close: async () => {
      await Promise.all(children.map((child) => child.stop()));
      await stack.close();
      await Promise.all(relays.map((r) => r.close()));
      await stripeGate?.stop();
      await stripe.close();
    },
  };
}
