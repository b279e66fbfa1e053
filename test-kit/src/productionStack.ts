// The production rehearsal's world (scripts/production/rehearsal.slow.test.ts), laid out as
// docs/production.md says: one Postgres 15 for the API and Ponder; two anvil chains started with
// Sepolia's and Amoy's chain ids, Pixlings deployed with keys of its own (owner, signer, minter,
// custody, art admin: five accounts); `ponder start` and one `ponder serve` replica; two web
// processes reading through the replica and two workers, all under the production rules
// (NODE_ENV=production, no dev key); the Stripe and Google stand-ins over https on loopback.
import { type Address, createTestClient, http, keccak256, parseEther, toHex, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { pixChain } from "@pixlings/shared/chains";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { STRIPE_WEBHOOK_PATH } from "@pixlings/shared/defaults";
import { DEFAULT_TIER_PRICES } from "@pixlings/shared/tiers";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { startLocalChain, type LocalChain } from "@pixlings/scripts/chains/localChain";
import { connectChain } from "@pixlings/scripts/deploy/clients";
import { setMintingActive } from "@pixlings/scripts/deploy/openSale";
import { deployPixlings } from "@pixlings/scripts/deploy/pixlings";
import { uploadArt } from "@pixlings/scripts/deploy/uploadArt";
import { startPonder, type PonderProcess } from "@pixlings/scripts/indexer/ponderProcess";
import { fixtureChunk } from "./artFixtures.ts";
import { startTestLocalGoogle } from "./localGoogle.ts";
import { startTestStripe, type TestStripe } from "./localStripe.ts";
import { loopbackTls, type LoopbackTls } from "./loopbackTls.ts";
import { startPostgres, type TestPostgres } from "./postgres.ts";
import { startStandInsApart } from "./standInsApart.ts";
import { spawnApi, type ApiChild } from "./spawnApi.ts";
import { startWebhookRelay, type OnForwarded } from "./webhookRelay.ts";

const key = (label: string): Hex => keccak256(toHex(`pixlings-production-rehearsal:${label}`));
/** Five accounts, one job each; none of them is one of anvil's public dev accounts. */
const PRODUCTION_KEYS = {
  owner: key("owner"),
  signer: key("signer"),
  minter: key("minter"),
  custody: key("custody"),
  artAdmin: key("art admin"),
} as const;
const addressOf = (k: Hex): Address => privateKeyToAccount(k).address;
export const CUSTODY: Address = addressOf(PRODUCTION_KEYS.custody);

/** The site the processes are configured for (behind a load balancer that terminates TLS). */
const SITE = "https://pixlings.example";
/** Google's ready accounts of the stand-in (local-google/src/accounts.ts) acting as admin and artist. */
const ADMIN_EMAIL = "admin@pixlings.test";
export const ARTIST = { id: 951, slug: "rehearsal-artist", name: "Rehearsal Artist", email: "artist@pixlings.test" } as const;
/** The schema `ponder start` writes in the stack's Postgres (the replica reads it). */
export const PONDER_SCHEMA = "pixlings_rehearsal";

export interface ProductionChain {
  chainId: number;
  chain: LocalChain;
  address: Address;
  deployBlock: number;
  publicClient: PublicClient;
  test: ReturnType<typeof createTestClient>;
  /** Blocks above a block that make it final (shared/src/chains.ts: Sepolia 65, Amoy 30). */
  finalityBlocks: number;
}

export interface ProductionStack {
  pg: TestPostgres;
  sepolia: ProductionChain;
  amoy: ProductionChain;
  ponder: PonderProcess;
  replica: PonderProcess;
  stripe: TestStripe;
  google: LocalGoogle;
  /** The stand-ins' own process, when they run apart (`standInsApart`). */
  standInsPid: number | undefined;
  /** The web processes (index i serves request i % 2); `restartWeb` replaces one on its port. */
  webs: ApiChild[];
  workers: ApiChild[];
  /** A new web process on web `index`'s port, in its place (the old one must have exited). */
  restartWeb(index: number): Promise<ApiChild>;
  /** A new worker in worker `index`'s place (as an orchestrator restarts a dead one). */
  restartWorker(index: number): Promise<ApiChild>;
  close(): Promise<void>;
}

/** What a caller may change of the rehearsal's layout (bench/src/drop.ts); the defaults are the rehearsal's. */
export interface ProductionStackOptions {
  /** Worker processes (default 2: an active one and a standby). */
  workers?: number;
  /** Fixture art chunks on each chain (about 250 ids each; default 1). */
  artChunks?: number;
  /** On top of the variables of every web process and worker (e.g. API_TRUST_PROXY). */
  env?: Record<string, string>;
  /** Told of every webhook delivery the relay forwards to the web process. */
  onWebhookForwarded?: OnForwarded;
  /** The stand-ins (and the relay) in a process of their own (test-kit/src/standInsApart.ts), not in the caller's. */
  standInsApart?: boolean;
}

/** Stripe retries a delivery the API could not take (503) for days; a few seconds' worth here. */
const WEBHOOK_RETRY_DELAYS_MS = [250, 1_000, 2_000, 4_000, 8_000];
const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;

/** The Stripe and Google stand-ins (and the relay, when told of deliveries), in this process or one of their own. */
async function startStandIns(
  options: ProductionStackOptions,
  webhookTarget: string,
  tls: LoopbackTls,
  stops: (() => unknown)[],
): Promise<{ stripe: TestStripe; local: { google: LocalGoogle; env: Record<string, string> }; standInsPid: number | undefined }> {
  if (options.standInsApart) {
    const apart = await startStandInsApart({
      site: SITE,
      webhookTarget,
      tls,
      retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
      attemptTimeoutMs: WEBHOOK_ATTEMPT_TIMEOUT_MS,
      onWebhookForwarded: options.onWebhookForwarded,
    });
    stops.push(() => apart.close());
    return { stripe: apart.stripe, local: { google: apart.google, env: apart.googleEnv }, standInsPid: apart.pid };
  }
  let webhookUrl = webhookTarget;
  if (options.onWebhookForwarded) {
    const relay = await startWebhookRelay(webhookTarget, options.onWebhookForwarded);
    stops.push(() => relay.close());
    webhookUrl = relay.url;
  }
  const stripe = await startTestStripe({
    webhookUrls: [webhookUrl],
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    attemptTimeoutMs: WEBHOOK_ATTEMPT_TIMEOUT_MS,
    tls,
  });
  stops.push(() => stripe.close());
  const local = await startTestLocalGoogle(SITE, [], tls);
  stops.push(() => local.google.close());
  return { stripe, local, standInsPid: undefined };
}

async function deployChain(chainId: number, artChunks = 1): Promise<ProductionChain> {
  const chain = await startLocalChain({ chainId, port: await freePort() });
  try {
    const test = createTestClient({ mode: "anvil", transport: http(chain.url) });
    for (const k of [PRODUCTION_KEYS.owner, PRODUCTION_KEYS.minter, PRODUCTION_KEYS.custody, PRODUCTION_KEYS.artAdmin])
      await test.setBalance({ address: addressOf(k), value: parseEther("1000") });
    const clients = await connectChain({ chainId, url: chain.url, privateKey: PRODUCTION_KEYS.owner });
    const owner = addressOf(PRODUCTION_KEYS.owner);
    const prices = DEFAULT_TIER_PRICES[pixChain(chainId).coin];
    const { address, blockNumber } = await deployPixlings({
      ...clients,
      setup: {
        owner,
        signer: addressOf(PRODUCTION_KEYS.signer),
        minter: addressOf(PRODUCTION_KEYS.minter),
        // The owner uploads the art; the API's art admin gets the role after (as the operator CLI grants it).
        artAdmin: owner,
        custody: CUSTODY,
        withdrawRecipient: owner,
        royaltyReceiver: owner,
        royaltyBps: 500n,
        tierPrices: [parseEther(prices.Common), parseEther(prices.Rare), parseEther(prices.Artist)],
        mintingActive: false,
      },
    });
    await uploadArt({ ...clients, address, chunks: Array.from({ length: artChunks }, (_, i) => fixtureChunk(i)) });
    const contract = { address, abi: pixlingsAbi } as const;
    const role = await clients.publicClient.readContract({ ...contract, functionName: "ROLE_ART_ADMIN" });
    const grant = await clients.walletClient.writeContract({ ...contract, functionName: "grantRoles", args: [addressOf(PRODUCTION_KEYS.artAdmin), role] });
    await clients.publicClient.waitForTransactionReceipt({ hash: grant });
    await setMintingActive(clients, address, true);
    return {
      chainId,
      chain,
      address,
      deployBlock: Number(blockNumber),
      publicClient: clients.publicClient,
      test,
      finalityBlocks: pixChain(chainId).finalityBlocks,
    };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

/** Starts everything; the web processes first on an empty database (one migrates), then the rest. */
export async function startProductionStack(options: ProductionStackOptions = {}): Promise<ProductionStack> {
  const stops: (() => unknown)[] = [];
  const close = async (): Promise<void> => {
    for (const stop of stops.reverse())
      await Promise.resolve()
        .then(stop)
        .catch(() => undefined);
  };
  try {
    const tls: LoopbackTls = loopbackTls();
    stops.push(() => tls.close());
    const pg = await startPostgres();
    stops.push(() => pg.stop());
    const [sepolia, amoy] = await Promise.all([deployChain(11155111, options.artChunks), deployChain(80002, options.artChunks)]);
    stops.push(
      () => sepolia.chain.stop(),
      () => amoy.chain.stop(),
    );
    const chainsEnv = JSON.stringify([sepolia, amoy].map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock })));

    const ponderEnv = {
      DATABASE_URL: pg.url,
      DATABASE_PRIVATE_URL: undefined,
      DATABASE_SCHEMA: undefined,
      PIXLINGS_INDEXER_PGLITE_DIR: undefined,
      PIXLINGS_INDEXER_POLLING_MS: "200",
      PIXLINGS_INDEXER_CHAINS: chainsEnv,
    };
    const ponder = startPonder({ port: await freePort(), schema: PONDER_SCHEMA, viewsSchema: "pixlings", env: ponderEnv });
    stops.push(() => ponder.stop({ releaseLock: false }));
    await ponder.waitSynced(120_000);
    // The replica reads the schema `ponder start` writes; it indexes nothing and holds no lock.
    const replica = startPonder({ command: "serve", port: await freePort(), schema: PONDER_SCHEMA, env: ponderEnv });
    stops.push(() => replica.stop({ releaseLock: false }));
    await replica.waitReady(60_000);

    const webPorts = [await freePort(), await freePort()];
    // Stripe's one webhook endpoint: the load balancer's, here the second web process (the one never
    // killed); through a pass-through relay that tells of each delivery when asked (bench:drop).
    const webhookTarget = `http://127.0.0.1:${webPorts[1]}${STRIPE_WEBHOOK_PATH}`;
    const { stripe, local, standInsPid } = await startStandIns(options, webhookTarget, tls, stops);

    const common: Record<string, string> = {
      NODE_ENV: "production",
      // The stand-ins' certificate, as a real one would be trusted.
      NODE_EXTRA_CA_CERTS: tls.certFile,
      LOG_LEVEL: "warn",
      DATABASE_URL: pg.url,
      PIXLINGS_INDEXER_CHAINS: chainsEnv,
      MINT_SIGNER_PRIVATE_KEY: PRODUCTION_KEYS.signer,
      SESSION_SECRET: keccak256(toHex("rehearsal session secret")),
      SIWE_DOMAIN: new URL(SITE).host,
      SIWE_URI: SITE,
      ...local.env,
      API_TRUST_PROXY: "none",
      SHOP_OPERATOR_NAME: "Pixlings Rehearsal Ltd",
      SHOP_SUPPORT_EMAIL: "support@pixlings.example",
      ADMIN_EMAILS: ADMIN_EMAIL,
      ARTIST_EMAILS: `${ARTIST.email}:${ARTIST.slug}`,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.server.url,
      // Mint to Wallet's cooling-off, short enough to wait out.
      CARD_TRANSFER_HOLD_SECONDS: "2",
      RESERVATION_COOLDOWN_SECONDS: "0",
      RESERVATION_SWEEP_MS: "500",
      FULFILMENT_POLL_MS: "200",
      FULFILMENT_LEASE_SECONDS: "2",
      ART_REPLACE_RETRY_MS: "200",
      MINT_AUTHORIZE_PER_MINUTE: "1000",
      MINT_IP_PER_MINUTE: "10000",
      ...options.env,
    };
    const webEnv = (index: number): Record<string, string> => ({
      ...common,
      PIXLINGS_ROLE: "web",
      API_PORT: String(webPorts[index]),
      INDEXER_URL: replica.url,
      CUSTODY_ADDRESS: CUSTODY,
      ART_ADMIN_ADDRESS: addressOf(PRODUCTION_KEYS.artAdmin),
    });
    const workerEnv: Record<string, string> = {
      ...common,
      PIXLINGS_ROLE: "worker",
      METRICS_PORT: "0",
      INDEXER_URL: ponder.url,
      MINTER_PRIVATE_KEY: PRODUCTION_KEYS.minter,
      CUSTODY_PRIVATE_KEY: PRODUCTION_KEYS.custody,
      ART_ADMIN_PRIVATE_KEY: PRODUCTION_KEYS.artAdmin,
    };
    const children: ApiChild[] = [];
    stops.push(() => Promise.all(children.map((child) => child.stop())));
    const spawn = async (env: Record<string, string>): Promise<ApiChild> => {
      const child = await spawnApi(env, { timeoutMs: 90_000 });
      children.push(child);
      return child;
    };
    const webs = [await spawn(webEnv(0))];
    const [web1, ...workers] = await Promise.all([spawn(webEnv(1)), ...Array.from({ length: options.workers ?? 2 }, () => spawn(workerEnv))]);
    webs.push(web1!);
    return {
      pg,
      sepolia,
      amoy,
      ponder,
      replica,
      stripe,
      google: local.google,
      standInsPid,
      webs,
      workers,
      restartWeb: async (index) => (webs[index] = await spawn(webEnv(index))),
      restartWorker: async (index) => (workers[index] = await spawn(workerEnv)),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Whether `worker` holds `family`'s lease now (`pixlings_worker_lease` on its METRICS_PORT; a dead one holds none). */
export async function holdsLease(worker: ApiChild, family: string): Promise<boolean> {
  const text = await fetch(`${worker.url}/metrics`).then(
    (res) => res.text(),
    () => "",
  );
  return new RegExp(`^pixlings_worker_lease\\{family="${family}"\\} 1$`, "m").test(text);
}
