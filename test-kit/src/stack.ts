// The whole stack for the browser tests: two anvil chains with Pixlings deployed and the whole
// collection's art, a real Ponder indexing both, and the real API (serving the built web app from
// web/dist) as a child process, the local Google stand-in (admin@ and artist@pixlings.test are
// admin and artist), the local Stripe stand-in (card payments, its webhooks to the API) and the
// local Printful stand-in (merch mockups), each on a free loopback port with its data in a temp dir.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEther, type Address } from "viem";
import { chunkBlobs, loadArt } from "@pixlings/scripts/art/chunks";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { startDeployedChain, startTestIndexer, waitCaughtUp, type TestChain, type TestIndexer } from "./indexer.ts";
import { READY_ACCOUNTS } from "@pixlings/local-google/accounts";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { startTestLocalGoogle } from "./localGoogle.ts";
import { startTestPrintful, type TestPrintful } from "./localPrintful.ts";
import { startTestStripe, type TestStripe } from "./localStripe.ts";
import { spawnApi, type ApiChild } from "./spawnApi.ts";

interface StackChain {
  chainId: number;
  rpcUrl: string;
  address: Address;
}

/** What the tests need to know about a running stack (passed to workers as JSON in env). */
export interface StackInfo {
  baseUrl: string;
  indexerUrl: string;
  chains: StackChain[];
}

export interface RunningStack extends StackInfo {
  fund(address: Address): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(): Promise<RunningStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "pixlings-e2e-"));
  const chunks = chunkBlobs(await loadArt());
  const chains: TestChain[] = [];
  let indexer: TestIndexer | undefined;
  let api: ApiChild | undefined;
  let google: LocalGoogle | undefined;
  let stripe: TestStripe | undefined;
  let printful: TestPrintful | undefined;
  const stop = async (): Promise<void> => {
    await api?.stop();
    await google?.close();
    await stripe?.close();
    await printful?.close();
    await indexer?.stop();
    await Promise.all(chains.map((c) => c.chain.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    chains.push(...(await Promise.all([startDeployedChain(31337, chunks), startDeployedChain(31338, chunks)])));
    indexer = await startTestIndexer(chains, { pglite: true });
    // The art's 30 unfinalized blocks are indexed live, block by block: minutes on a loaded machine.
    await waitCaughtUp(indexer, chains, 300_000);
    const port = await freePort();
    // Google sign-in through the local stand-in, whose admin and artist accounts are what they say.
    const local = await startTestLocalGoogle(`http://127.0.0.1:${port}`);
    google = local.google;
    // Card payments through the local Stripe stand-in, which signs its webhooks to the API; a
    // delivery the API cannot take yet is retried soon (the test waits on it).
    stripe = await startTestStripe({ webhookUrls: [`http://127.0.0.1:${port}/api/stripe/webhook`], retryDelaysMs: [250, 1_000, 3_000, 10_000] });
    // Merch mockups through the local Printful stand-in, whose limit of 3 mockups a minute lets a test meet its 429.
    printful = await startTestPrintful({ mockupsPerMinute: 3, minPendingMs: 500 });
    const chainList = chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock }));
    api = await spawnApi(
      {
        API_HOST: "127.0.0.1",
        API_PORT: String(port),
        API_PGLITE_DIR: path.join(dataDir, "api-db"),
        INDEXER_URL: indexer.url,
        PIXLINGS_INDEXER_CHAINS: JSON.stringify(chainList),
        SIWE_DOMAIN: `127.0.0.1:${port}`,
        SIWE_URI: `http://127.0.0.1:${port}`,
        DATABASE_URL: "",
        ...local.env,
        ADMIN_EMAILS: READY_ACCOUNTS.admin.email,
        ARTIST_EMAILS: `${READY_ACCOUNTS.artist.email}:*`,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.server.url,
        // The production cooling-off: a card Pix stays in custody for it (card.spec.ts shows it),
        // a freemint Pix has none and moves to a wallet at once.
        CARD_TRANSFER_HOLD_SECONDS: String(72 * 3600),
        ...printful.env,
        ART_ADMIN_PRIVATE_KEY: DEV_KEYS.artAdmin,
      },
      { inheritEnv: true },
    );
    const baseUrl = api.url;
    return {
      baseUrl,
      indexerUrl: indexer.url,
      chains: chainList.map(({ chainId, rpcUrl, address }) => ({ chainId, rpcUrl, address })),
      fund: async (address) => {
        await Promise.all(chains.map((c) => c.test.setBalance({ address, value: parseEther("1000") })));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
