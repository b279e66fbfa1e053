// `npm run bench:merch`: how long an owner waits for a merch mockup. One anvil chain with fixture
// art, a real Ponder, the real API as its own process and the local Printful stand-in (as
// `npm start` runs it: tasks pending at least 500 ms, one render at a time), whose limits are
// lifted; signed-in owners ask for 20 mockups one after the other (mug, shirt, hoodie with two
// placements, poster in turn), each timed from the generate request until check-task answers
// completed. Twice: checked every 50 ms (when the mockup is ready: the server's part), then as
// the page checks: at once, the API holding the answer until the task ends (`?wait=`), a next
// check no sooner than 2 s after the one before (when the shopper sees it).
// Five owners take turns, so the checks stay within the API's per-user limit of 90 a minute.
// Writes bench/results/merch.json.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GenerateMockupResponse, MerchProductResponse, MockupTaskResponse } from "@pixlings/shared/http/merch";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { MOCKUP_POLL_INTERVAL_MS, MOCKUP_WAIT_MAX_SECONDS } from "@pixlings/shared/merch";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { runMain } from "@pixlings/scripts/cli";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { startApiProcess, type ApiProcess } from "@pixlings/scripts/start/apiProcess";
import { readLocalPrintfulEnv } from "@pixlings/local-printful/readLocalPrintfulEnv";
import { type LocalPrintful, startLocalPrintful } from "@pixlings/local-printful/startLocalPrintful";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { startDeployedChain, startTestIndexer, testAccount, voucherMint, waitCaughtUp, type TestIndexer } from "@pixlings/test-kit/indexer";
import type { cookieFetch } from "@pixlings/test-kit/api";
import { signIn } from "@pixlings/test-kit/signIn";
import { printFigureTable, type Targets } from "./figureTable.ts";
import { type Figure, writeFigures } from "./report.ts";
import { percentile } from "./percentile.ts";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "merch.json");
const CHAIN_ID = 31337;
const REQUESTS = 20;
/**
 * Checks of a task: every 50 ms, each answered at once (the server's readiness), or as the page
 * does them (web/src/merch/runPreview.ts): held by the API until the task ends, checks at least
 * 2 s apart.
 */
const READY: Schedule = { checkEveryMs: 50, waitSeconds: undefined };
const AS_THE_PAGE: Schedule = { checkEveryMs: MOCKUP_POLL_INTERVAL_MS, waitSeconds: MOCKUP_WAIT_MAX_SECONDS };
/** Each owner's Pix. */
const PIX = [42, 43, 44, 45, 46];
/** What the owner asks for, in turn: product, colour, size, placements. */
const ORDERS = [
  { productId: 19, color: "White", size: "11 oz", placements: ["default"] },
  { productId: 71, color: "Black", size: "M", placements: ["front"] },
  { productId: 146, color: "Maroon", size: "L", placements: ["embroidery_chest_left", "back"] },
  { productId: 1, color: "White", size: "18″×24″", placements: ["default"] },
] as const;

const TARGETS: Targets = {
  mockup_ready_p50_ms: { describe: "<= 1,500 ms", pass: (v) => v <= 1_500 },
  mockup_shown_p50_ms: { describe: "<= 800 ms", pass: (v) => v <= 800 },
};

type Jar = ReturnType<typeof cookieFetch>;
/** `checkEveryMs` from the start of one check to the start of the next; `waitSeconds`, the check's `?wait=`. */
interface Schedule {
  checkEveryMs: number;
  waitSeconds: number | undefined;
}
interface MockupRequest {
  productId: number;
  variantId: number;
  placements: string[];
}

const step = (message: string): void => console.log(`[bench:merch] ${message}`);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function main(): Promise<number> {
  process.env.PONDER_TELEMETRY_DISABLED = "1";
  step("starting anvil with fixture art, minting the owner's Pix, starting Ponder");
  const chain = await startDeployedChain(CHAIN_ID, [fixtureChunk(0)]);
  const dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-bench-merch-"));
  const owners = PIX.map((id) => ({ id, account: testAccount(`bench-merch-owner-${id}`) }));
  let indexer: TestIndexer | undefined;
  let printful: LocalPrintful | undefined;
  let api: ApiProcess | undefined;
  try {
    for (const owner of owners) await voucherMint(chain, owner.account, [owner.id]);
    indexer = await startTestIndexer([chain]);
    await waitCaughtUp(indexer, [chain], 120_000);
    const standIn = readLocalPrintfulEnv({
      LOCAL_PRINTFUL_PORT: "0",
      LOCAL_PRINTFUL_REQUESTS_PER_MINUTE: "100000",
      LOCAL_PRINTFUL_MOCKUPS_PER_MINUTE: "100000",
    });
    printful = await startLocalPrintful(standIn);
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    api = startApiProcess({
      url: site,
      env: {
        ...process.env,
        NODE_ENV: "development",
        MINT_SIGNER_PRIVATE_KEY: DEV_KEYS.signer,
        PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: CHAIN_ID, rpcUrl: chain.chain.url, address: chain.address, startBlock: chain.deployBlock }]),
        LOG_LEVEL: "warn",
        API_HOST: "127.0.0.1",
        API_PORT: String(port),
        SIWE_URI: site,
        INDEXER_URL: indexer.url,
        DATABASE_URL: "",
        API_PGLITE_DIR: path.join(dir, "api-db"),
        PRINTFUL_API_TOKEN: standIn.token,
        PRINTFUL_API_URL: printful.url,
        // The stand-in's quotas, so that a third of them (one user's most) stays out of the way.
        PRINTFUL_MOCKUPS_PER_MINUTE: "100000",
        PRINTFUL_REQUESTS_PER_MINUTE: "100000",
        PRINTFUL_MOCKUPS_PER_USER_PER_MINUTE: "1000",
      },
    });
    await api.waitHealthy();
    const apiSite = { url: api.url, config: { siwe: { domain: `127.0.0.1:${port}`, uri: site } } };
    const jars = await Promise.all(owners.map(async (owner) => ({ id: owner.id, jar: await signIn(apiSite, owner.account) })));
    const jar = jars[0]!.jar;
    const requests = await Promise.all(
      ORDERS.map(async (order) => {
        const { result } = (await (await jar.fetch(`/api/printful/products/${order.productId}`)).json()) as MerchProductResponse;
        const variant = result.variants.find((v) => v.color === order.color && v.size === order.size);
        if (!variant) throw new Error(`product ${order.productId} has no ${order.color} ${order.size}`);
        return { productId: order.productId, variantId: variant.id, placements: [...order.placements] };
      }),
    );
    step(`API ${api.url}, Printful stand-in ${printful.url}; ${REQUESTS} mockups one after the other`);

    const ready = await timeMockups(jars, requests, READY);
    step(`ready after (ms): ${ready.map((t) => Math.round(t)).join(", ")}`);
    step(
      `the same ${REQUESTS} checked as the page checks them: held until the end (wait=${MOCKUP_WAIT_MAX_SECONDS}), at least ${MOCKUP_POLL_INTERVAL_MS} ms apart`,
    );
    const shown = await timeMockups(jars, requests, AS_THE_PAGE);
    step(`shown after (ms): ${shown.map((t) => Math.round(t)).join(", ")}`);
    const ms = (times: number[], p: number): Figure => ({
      value: Math.round(
        percentile(
          [...times].sort((a, b) => a - b),
          p,
        ),
      ),
      unit: "ms",
      better: "lower",
    });
    const figures = {
      mockup_ready_p50_ms: ms(ready, 50),
      mockup_ready_p99_ms: ms(ready, 99),
      mockup_shown_p50_ms: ms(shown, 50),
      mockup_shown_p99_ms: ms(shown, 99),
    };
    printFigureTable(figures, TARGETS);
    writeFigures(RESULTS_FILE, figures);
    step(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
    return 0;
  } finally {
    await api?.stop();
    await printful?.close();
    await indexer?.stop();
    await chain.chain.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Times `REQUESTS` mockups one after the other, the owners taking turns: from the generate request
 * until a check answers completed, checks made on `schedule`.
 */
async function timeMockups(jars: { id: number; jar: Jar }[], requests: MockupRequest[], schedule: Schedule): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const { id, jar } = jars[i % jars.length]!;
    const request = { ...requests[i % requests.length]!, pixUrl: `/pixlings/pix_${id}.png?t=${Date.now()}` };
    const started = performance.now();
    const res = await jar.fetch("/api/printful/generate-mockup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    if (res.status !== 200) throw new Error(`generate-mockup ${res.status}: ${await res.text()}`);
    const { task_key } = ((await res.json()) as GenerateMockupResponse).result;
    const query = schedule.waitSeconds === undefined ? "" : `?wait=${schedule.waitSeconds}`;
    for (;;) {
      const checkStarted = performance.now();
      const check = await jar.fetch(`/api/printful/check-task/${task_key}${query}`);
      if (check.status !== 200) throw new Error(`check-task ${check.status}: ${await check.text()}`);
      const { result } = (await check.json()) as MockupTaskResponse;
      if (result.status === "failed") throw new Error(`mockup ${i + 1} failed: ${result.error}`);
      if (result.status === "completed") {
        if (result.mockups.length !== request.placements.length) throw new Error(`mockup ${i + 1}: ${result.mockups.length} mockups`);
        break;
      }
      await sleep(schedule.checkEveryMs - (performance.now() - checkStarted));
    }
    times.push(performance.now() - started);
  }
  return times;
}

runMain(main);
