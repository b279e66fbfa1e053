// `npm run bench:api [-- --only png,browse,browse_filtered,browse_sse,token,auth_user] [--postgres] [--cpu-prof DIR] [--node-args "..."]`:
// how fast the API serves its hot reads. One anvil chain on a free port with the whole collection's
// art uploaded and some Pix minted, a real Ponder indexing it, and the real API as its own process
// (so its RSS is its own); then autocannon, 50 connections for 10 s per scenario; `browse_sse` is
// browse 5 s at a time in three blocks of without, with, with, without 1,000 idle live activity
// streams open, its slowdown the median block's. Writes bench/results/api.json (with
// --only, the figures of the scenarios not run stay as they were); `--postgres`: the API and Ponder
// on a throwaway Postgres 15, the API reading Ponder's views, into bench/results/api-postgres.json:
// there the API runs as a web process, and browse is measured against one and then two of them
// (browse_rps_1, browse_rps_2) with the CPU each process used. Every request comes from a client
// address of its own (X-Forwarded-For, the API trusting loopback as its proxy).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chunkBlobs, loadArt } from "@pixlings/scripts/art/chunks";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { runMain } from "@pixlings/scripts/cli";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { startApiProcess, type ApiProcess } from "@pixlings/scripts/start/apiProcess";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { custodyMint, mine, startDeployedChain, startTestIndexer, TEST_VIEWS_SCHEMA, waitCaughtUp, type TestIndexer } from "@pixlings/test-kit/indexer";
import { startPostgres } from "@pixlings/test-kit/postgres";
import { startTestLocalGoogle } from "@pixlings/test-kit/localGoogle";
import { googleSessions } from "./authUser.ts";
import { browseFigures, meteredLoad, type MeteredLoad } from "./browseScaling.ts";
import { cyclingClientHeaders, mergeHeaders } from "./clientAddresses.ts";
import { cpuSeconds, postmasterPid, waitUntilIdle } from "./cpuTicks.ts";
import { cyclingPaths, runLoad, type LoadResult } from "./load.ts";
import { measureAuthorize } from "./saleAuthorize.ts";
import { openIdleStreams } from "./idleStreams.ts";
import { blockSlowdownPct, measureStreamSlowdown } from "./streamSlowdown.ts";
import { processMemory } from "./processMemory.ts";
import { readFigures, writeFigures, type Figure } from "./report.ts";
import { printFigureTable, type Targets } from "./figureTable.ts";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "api.json");
const POSTGRES_RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "api-postgres.json");
const CHAIN_ID = 31337;
const MINTED = 200;
const CONNECTIONS = 50;
const SECONDS = 10;
const SCENARIOS = ["browse", "browse_filtered", "browse_sse", "token", "png", "authorize", "auth_user"] as const;
/** Idle live activity streams open during `browse_sse`. */
const IDLE_STREAMS = 1_000;
/** `browse_sse`: ABBA blocks of browse without and with the streams, and the seconds of each measurement. */
const SSE_BLOCKS = 3;
const SSE_ROUND_SECONDS = 5;
/** The voucher scenario: 50 signed-in buyers ask for distinct ids at once, 10 rounds. */
const AUTHORIZE = { buyers: 50, rounds: 10, firstId: 1000 } as const;
const WARM_UP_SECONDS = 8;
type Scenario = (typeof SCENARIOS)[number];

const TARGETS: Targets = {
  browse_rps: { describe: ">= 10,000 req/s", pass: (v) => v >= 10_000 },
  browse_p99_ms: { describe: "<= 15 ms", pass: (v) => v <= 15 },
  browse_filtered_p99_ms: { describe: "<= 20 ms", pass: (v) => v <= 20 },
  png_rps: { describe: ">= 5,000 req/s", pass: (v) => v >= 5_000 },
  png_bytes: { describe: "<= 500 bytes", pass: (v) => v <= 500 },
  auth_user_p99_ms: { describe: "<= 20 ms", pass: (v) => v <= 20 },
  api_peak_rss_mb: { describe: "<= 400 MB", pass: (v) => v <= 400 },
  browse_sse_slowdown_pct: { describe: "<= 10 %", pass: (v) => v <= 10 },
};
/** On Postgres the database's memory is its server's, not the API's; browse is measured per number of web processes. */
const POSTGRES_TARGETS: Targets = {
  ...TARGETS,
  api_peak_rss_mb: { describe: "<= 250 MB", pass: (v) => v <= 250 },
  browse_rps_1: TARGETS.browse_rps!,
  browse_p99_ms_1: TARGETS.browse_p99_ms!,
};
/** Distinct client addresses the load comes from (X-Forwarded-For), cycled one a request. */
const CLIENT_ADDRESSES = 1_000;

const PATHS: Record<Exclude<Scenario, "authorize">, () => () => string> = {
  browse: () => () => "/api/nfts/available?page=1&limit=100",
  browse_filtered: threeFilterPaths,
  browse_sse: () => () => "/api/nfts/available?page=1&limit=100",
  // GET /api/auth/user with a session: one per connection (Google users through the local stand-in).
  auth_user: () => () => "/api/auth/user",
  token: () => cyclingPaths("/api/nfts/token/", "", 1, 9999),
  png: () => cyclingPaths("/pixlings/pix_", ".png", 1, 9999),
};

/** What Chromium sends with the web app's fetch of a Browse page: the API answers it compressed. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

/**
 * The trait explorer with three filters at once (a tier, a symmetry and a number of colours),
 * cycling through every combination of them: 3 x 6 x 7 = 126 queries, each a different set of Pix.
 */
function threeFilterPaths(): () => string {
  const paths = ["common", "rare", "artist"].flatMap((tier) =>
    ["none", "vertical", "horizontal", "both", "diagonal", "rotational"].flatMap((symmetry) =>
      [2, 3, 4, 5, 6, 7, 8].map((colors) => `/api/nfts?tier=${tier}&symmetry=${symmetry}&colorCount=${colors}`),
    ),
  );
  let next = 0;
  return () => paths[next++ % paths.length]!;
}

const step = (message: string): void => console.log(`[bench:api] ${message}`);

const peakRssMb = (pid: number): number => processMemory(pid).peakMb;

/** Process `pid`'s CPU milliseconds per request since it had used `cpuBefore` seconds (cpuSeconds). */
const cpuMsPer = (pid: number, cpuBefore: number, requests: number): string => (((cpuSeconds(pid) - cpuBefore) * 1000) / requests).toFixed(3);

/** Mean size of the 288 px PNG over a sample of ids. */
async function meanPngBytes(baseUrl: string): Promise<number> {
  let total = 0;
  const ids = Array.from({ length: 100 }, (_, i) => 1 + i * 100);
  for (const id of ids) {
    const res = await fetch(`${baseUrl}/pixlings/pix_${id}.png`);
    if (res.status !== 200) throw new Error(`pix_${id}.png: ${res.status}`);
    total += (await res.arrayBuffer()).byteLength;
  }
  return Math.round(total / ids.length);
}

/**
 * Browse without and with 1,000 idle activity streams, alternating round by round (`streamSlowdown.ts`):
 * the median round's figures. Two runs of the same code minutes apart differ by 20-40 %, so a
 * slowdown read from two separate runs said more about the machine than about the streams.
 */
async function streamFigures(apiPid: number, run: Parameters<typeof runLoad>[0]): Promise<Record<string, Figure>> {
  const result = await measureStreamSlowdown({
    blocks: SSE_BLOCKS,
    apiPid,
    load: () => runLoad(run),
    openStreams: async () => {
      const streams = await openIdleStreams(run.baseUrl as string, IDLE_STREAMS);
      step(`  ${IDLE_STREAMS} live activity streams open and idle`);
      return streams;
    },
    onMeasured: (withStreams, load) =>
      step(`  browse ${withStreams ? "with" : "without"} the streams: ${load.rps} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms`),
  });
  step(`browse_sse: slowdown by block ${result.blocks.map((block) => `${blockSlowdownPct(block)} %`).join(", ")}; median ${result.slowdownPct} %`);
  const { with: loaded, without } = result.median;
  const mean = (pick: (load: LoadResult) => number, loads: readonly LoadResult[]): number =>
    Math.round(loads.reduce((sum, load) => sum + pick(load), 0) / loads.length);
  return {
    [`browse_rps_sse_${IDLE_STREAMS}`]: { value: mean((load) => load.rps, loaded), unit: "req/s", better: "higher" },
    [`browse_p50_ms_sse_${IDLE_STREAMS}`]: { value: mean((load) => load.p50Ms, loaded), unit: "ms", better: "lower" },
    [`browse_p99_ms_sse_${IDLE_STREAMS}`]: { value: Math.max(...loaded.map((load) => load.p99Ms)), unit: "ms", better: "lower" },
    browse_rps_sse_baseline: { value: mean((load) => load.rps, without), unit: "req/s", better: "higher" },
    browse_sse_slowdown_pct: { value: result.slowdownPct, unit: "%", better: "lower" },
  };
}

function figuresOf(name: Exclude<Scenario, "browse_sse">, load: LoadResult): Record<string, Figure> {
  return {
    [`${name}_rps`]: { value: load.rps, unit: "req/s", better: "higher" },
    [`${name}_p50_ms`]: { value: load.p50Ms, unit: "ms", better: "lower" },
    [`${name}_p99_ms`]: { value: load.p99Ms, unit: "ms", better: "lower" },
    // A Browse page as the browser receives it (compressed).
    ...(name === "browse" ? { browse_bytes: { value: load.meanBytes, unit: "bytes", better: "lower" } satisfies Figure } : {}),
  };
}

async function main(): Promise<number> {
  process.env.PONDER_TELEMETRY_DISABLED = "1";
  const { values } = parseArgs({
    options: { only: { type: "string" }, postgres: { type: "boolean", default: false }, "cpu-prof": { type: "string" }, "node-args": { type: "string" } },
  });
  // --node-args: Node's flags for the API processes after API_NODE_FLAGS, e.g. V8's defaults again
  // ("--max-old-space-size=4096 --max-semi-space-size=16") to measure what the flags change.
  const nodeArgs = values["node-args"]?.split(" ").filter(Boolean) ?? [];
  const resultsFile = values.postgres ? POSTGRES_RESULTS_FILE : RESULTS_FILE;
  const wanted = (values.only?.split(",") ?? [...SCENARIOS]) as Scenario[];
  for (const name of wanted) if (!SCENARIOS.includes(name)) throw new Error(`--only: unknown scenario ${name} (${SCENARIOS.join(", ")})`);

  step(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (${os.cpus().length} cores; other jobs slow every figure)`,
  );
  const pg = values.postgres ? await startPostgres() : undefined;
  step("starting anvil, deploying Pixlings and uploading the art (40 chunks)");
  const chain = await startDeployedChain(CHAIN_ID, chunkBlobs(await loadArt()));
  const dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-bench-api-"));
  let indexer: TestIndexer | undefined;
  let api: ApiProcess | undefined;
  let second: ApiProcess | undefined;
  let google: { close(): Promise<void> } | undefined;
  try {
    step(`minting ${MINTED} Pix`);
    for (let first = 1; first <= MINTED; first += 10)
      await custodyMint(
        chain,
        Array.from({ length: 10 }, (_, i) => first + i),
      );
    await mine(chain, 32);
    indexer = await startTestIndexer([chain], pg ? { databaseUrl: pg.url } : {});
    await waitCaughtUp(indexer, [chain], 120_000);
    const port = await freePort();
    const local = await startTestLocalGoogle(`http://127.0.0.1:${port}`);
    google = local.google;
    const indexerUrl = indexer.url;
    const apiEnv = (apiPort: number): NodeJS.ProcessEnv => ({
      ...process.env,
      // On Postgres as in production: a web process (HTTP only, no background loop).
      PIXLINGS_ROLE: pg ? "web" : "all",
      // A local chain on sale: the dev signer key of the harness's deployment signs vouchers.
      NODE_ENV: "development",
      MINT_SIGNER_PRIVATE_KEY: DEV_KEYS.signer,
      PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: CHAIN_ID, rpcUrl: chain.chain.url, address: chain.address, startBlock: chain.deployBlock }]),
      // Each benchmark buyer is a client of its own (through this trusted proxy), and no rate
      // limit stands in the way: the voucher path itself is measured.
      API_TRUST_PROXY: "loopback",
      MINT_IP_PER_MINUTE: "1000000",
      MINT_AUTHORIZE_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
      API_HOST: "127.0.0.1",
      API_PORT: String(apiPort),
      INDEXER_URL: indexerUrl,
      DATABASE_URL: pg?.url ?? "",
      INDEXER_DATABASE_URL: pg?.url ?? "",
      INDEXER_VIEWS_SCHEMA: pg ? TEST_VIEWS_SCHEMA : "",
      API_PGLITE_DIR: path.join(dir, "api-db"),
      ...local.env,
    });
    api = startApiProcess({
      url: `http://127.0.0.1:${port}`,
      // --cpu-prof DIR: the API's CPU profile of the whole run, written to DIR as it stops (open it in Chrome's DevTools).
      nodeArgs: [...nodeArgs, ...(values["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(values["cpu-prof"])] : [])],
      env: apiEnv(port),
    });
    await api.waitHealthy();
    // Its one-time pre-rendering of every image over before anything is measured (on a busy machine it outlasts the warm-ups).
    await waitUntilIdle(api.pid);
    step(
      `API ${api.url} (pid ${api.pid}) on ${pg ? "Postgres, reading Ponder's views" : `PGlite, reading Ponder ${indexer.url}`}; ${CONNECTIONS} connections, ${SECONDS} s per scenario`,
    );

    // The other processes on the cores during a metered run: Ponder, Postgres (with its backends) and this load generator.
    const shared = {
      ponder: { pid: indexer.ponder.child.pid ?? -1 },
      ...(pg ? { postgres: { pid: postmasterPid(Number(new URL(pg.url).port)) } } : {}),
      load_generator: { pid: process.pid, alone: true },
    };
    const report = (label: string, metered: MeteredLoad): void => {
      const { load, cores } = metered;
      step(`${label}: ${load.requests} requests, ${load.rps} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms`);
      const { machine = 0, ...ours } = cores;
      const others = Math.round((machine - Object.values(ours).reduce((a, b) => a + b, 0)) * 100) / 100;
      const each = Object.entries(ours).map(([process, used]) => `${process} ${used}`);
      step(`  cores used: ${each.join(", ")}; the whole machine ${machine} of ${os.cpus().length}, other people's processes ${others}`);
    };
    const figures: Record<string, Figure> = {
      load_average_1m_start: { value: Math.round(os.loadavg()[0]! * 100) / 100, unit: "", better: "lower" },
    };
    for (const name of wanted) {
      if (name === "authorize") {
        // No warm-up run (each voucher holds its id): the API's start-up work must be over first.
        // An image waits for the art's load, after which the API pre-renders every image.
        if ((await fetch(`${api.url}/pixlings/pix_1.png`)).status !== 200) throw new Error("pix_1.png did not answer 200");
        const settling = performance.now();
        await waitUntilIdle(api.pid);
        step(`authorize: the API settled after ${Math.round(performance.now() - settling)} ms`);
        const cpuBefore = cpuSeconds(api.pid);
        const run = await measureAuthorize({
          api: { url: api.url, config: { siwe: { domain: `127.0.0.1:${port}`, uri: `http://127.0.0.1:${port}` } } },
          chain,
          ...AUTHORIZE,
        });
        // The API's own CPU per voucher (its 50 sign-ins included): what other jobs on the machine change least.
        step(
          `authorize: ${run.requests} vouchers, ${run.rps} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms; API CPU ${cpuMsPer(api.pid, cpuBefore, run.requests)} ms a voucher`,
        );
        figures.sale_authorize_rps = { value: run.rps, unit: "req/s", better: "higher" };
        figures.sale_authorize_p50_ms = { value: run.p50Ms, unit: "ms", better: "lower" };
        figures.sale_authorize_p99_ms = { value: run.p99Ms, unit: "ms", better: "lower" };
        continue;
      }
      // Steady state is what visitors meet: an unrecorded run first (JIT, and the one-time rendering
      // of every image that a freshly started API does in the background, ~4 s of CPU).
      const nextHeaders = mergeHeaders(
        name === "auth_user"
          ? await googleSessions(api.url, CONNECTIONS)
          : name === "browse" || name === "browse_filtered" || name === "browse_sse"
            ? () => BROWSER_HEADERS
            : undefined,
        cyclingClientHeaders(CLIENT_ADDRESSES),
      );
      await runLoad({
        name: `${name} warm-up`,
        baseUrl: api.url,
        nextPath: PATHS[name](),
        nextHeaders,
        connections: CONNECTIONS,
        seconds: WARM_UP_SECONDS,
        warmUp: true,
      });
      const run = { name, baseUrl: api.url, nextPath: PATHS[name](), nextHeaders, connections: CONNECTIONS, seconds: SECONDS };
      if (name === "browse_sse") {
        Object.assign(figures, await streamFigures(api.pid, { ...run, seconds: SSE_ROUND_SECONDS }));
        continue;
      }
      if (pg && name === "browse") {
        // On Postgres: browse from one web process here, from two after the other scenarios.
        const metered = await meteredLoad({ ...run, processes: { web_a: { pid: api.pid }, ...shared } });
        report(`${name} (1 web process)`, metered);
        Object.assign(figures, browseFigures(1, metered), { browse_bytes: figuresOf(name, metered.load).browse_bytes! });
        continue;
      }
      const cpuBefore = cpuSeconds(api.pid);
      const load = await runLoad(run);
      step(
        `${name}: ${load.requests} requests, ${load.rps} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms; API CPU ${cpuMsPer(api.pid, cpuBefore, load.requests)} ms a request`,
      );
      Object.assign(figures, figuresOf(name, load));
    }
    if (pg && wanted.includes("browse")) {
      // A second web process on the same database, and the same load alternating connections between the two.
      const secondPort = await freePort();
      second = startApiProcess({ url: `http://127.0.0.1:${secondPort}`, nodeArgs, env: apiEnv(secondPort) });
      await second.waitHealthy();
      await waitUntilIdle(second.pid);
      const run = {
        name: "browse (2 web processes)",
        baseUrl: [api.url, second.url],
        nextPath: PATHS.browse(),
        nextHeaders: mergeHeaders(() => BROWSER_HEADERS, cyclingClientHeaders(CLIENT_ADDRESSES)),
        connections: CONNECTIONS,
        seconds: SECONDS,
      };
      await runLoad({ ...run, name: "browse (2 web processes) warm-up", seconds: WARM_UP_SECONDS, warmUp: true });
      const metered = await meteredLoad({ ...run, processes: { web_a: { pid: api.pid }, web_b: { pid: second.pid }, ...shared } });
      report(run.name, metered);
      Object.assign(figures, browseFigures(2, metered));
    }
    if (wanted.includes("png")) figures.png_bytes = { value: await meanPngBytes(api.url), unit: "bytes", better: "lower" };
    figures.api_peak_rss_mb = { value: peakRssMb(api.pid), unit: "MB", better: "lower" };
    figures.ponder_peak_rss_mb = { value: peakRssMb(indexer.ponder.child.pid ?? -1), unit: "MB", better: "lower" };
    figures.load_average_1m_end = { value: Math.round(os.loadavg()[0]! * 100) / 100, unit: "", better: "lower" };
    step(
      `load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    printFigureTable(figures, values.postgres ? POSTGRES_TARGETS : TARGETS);
    // --only measures some scenarios: the others keep their last recorded figures.
    writeFigures(resultsFile, values.only ? { ...readFigures(resultsFile), ...figures } : figures);
    step(`wrote ${path.relative(REPO_ROOT, resultsFile)}`);
    return 0;
  } finally {
    await second?.stop();
    await api?.stop();
    await google?.close();
    await indexer?.stop();
    await chain.chain.stop();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
