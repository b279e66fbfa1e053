// `npm run bench:memory`: the memory of each production process and the Postgres connections they
// hold once quiet. One anvil chain with the whole collection's art and 200 Pix minted to custody,
// a throwaway Postgres 15, `ponder start` on it (its views in TEST_VIEWS_SCHEMA), one `ponder
// serve` on Ponder's schema, one web and one worker process (`PIXLINGS_ROLE`) reading the views.
// The web process serves 300 Browse pages and 300 PNGs and `ponder serve` 300 status reads, then
// everything rests 30 s. Writes bench/results/memory.json.
import { execFileSync, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { chunkBlobs, loadArt } from "@pixlings/scripts/art/chunks";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { runMain } from "@pixlings/scripts/cli";
import { followChild } from "@pixlings/scripts/process/followChild";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { INDEXER_DIR } from "@pixlings/shared/node/paths";
import { custodyMint, mine, startDeployedChain, startTestIndexer, TEST_VIEWS_SCHEMA, waitCaughtUp, type TestIndexer } from "@pixlings/test-kit/indexer";
import { startPostgres } from "@pixlings/test-kit/postgres";
import { spawnApi, type ApiChild } from "@pixlings/test-kit/spawnApi";
import { printFigureTable } from "./figureTable.ts";
import { processMemory } from "./processMemory.ts";
import { writeFigures, type Figure } from "./report.ts";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "memory.json");
const CHAIN_ID = 31337;
const READS = 300;
const REST_MS = 30_000;
/** The schema startTestIndexer gives Ponder. */
const PONDER_SCHEMA = "pixlings_test";
const PONDER_BIN = path.join(INDEXER_DIR, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");

const step = (message: string): void => console.log(`[bench:memory] ${message}`);

async function read(url: string): Promise<void> {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
}

async function main(): Promise<number> {
  process.env.PONDER_TELEMETRY_DISABLED = "1";
  step(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (${os.cpus().length} cores)`,
  );
  const pg = await startPostgres();
  const chain = await startDeployedChain(CHAIN_ID, chunkBlobs(await loadArt()));
  let indexer: TestIndexer | undefined;
  let serve: ReturnType<typeof followChild> | undefined;
  const apis: ApiChild[] = [];
  try {
    for (let first = 1; first <= 200; first += 10)
      await custodyMint(
        chain,
        Array.from({ length: 10 }, (_, i) => first + i),
      );
    await mine(chain, 32);
    const chains = JSON.stringify([{ chainId: CHAIN_ID, rpcUrl: chain.chain.url, address: chain.address, startBlock: chain.deployBlock }]);
    indexer = await startTestIndexer([chain], { databaseUrl: pg.url });
    await waitCaughtUp(indexer, [chain], 120_000);
    const servePort = await freePort();
    const serveChild = spawn(
      process.execPath,
      [PONDER_BIN, "--root", INDEXER_DIR, "--log-level", "warn", "serve", "--schema", PONDER_SCHEMA, "--port", String(servePort), "--hostname", "127.0.0.1"],
      { cwd: INDEXER_DIR, env: { ...process.env, DATABASE_URL: pg.url, PIXLINGS_INDEXER_CHAINS: chains }, stdio: "inherit" },
    );
    serve = followChild(serveChild, "SIGKILL");
    for (let answered = false; !answered; ) {
      if (serveChild.exitCode !== null) throw new Error("ponder serve exited");
      answered = await fetch(`http://127.0.0.1:${servePort}/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A local chain on sale, its dev keys: the signer in both roles, the worker's keys in the worker only.
    const env = {
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      API_HOST: "127.0.0.1",
      MINT_SIGNER_PRIVATE_KEY: DEV_KEYS.signer,
      PIXLINGS_INDEXER_CHAINS: chains,
      DATABASE_URL: pg.url,
      INDEXER_DATABASE_URL: pg.url,
      INDEXER_VIEWS_SCHEMA: TEST_VIEWS_SCHEMA,
      INDEXER_URL: indexer.url,
    };
    // One after the other: the first applies the migrations.
    const web = await spawnApi({ ...env, PIXLINGS_ROLE: "web" }, { inheritEnv: true, timeoutMs: 120_000 });
    apis.push(web);
    const worker = await spawnApi(
      {
        ...env,
        PIXLINGS_ROLE: "worker",
        METRICS_PORT: "0",
        MINTER_PRIVATE_KEY: DEV_KEYS.minter,
        CUSTODY_PRIVATE_KEY: DEV_KEYS.custody,
        ART_ADMIN_PRIVATE_KEY: DEV_KEYS.artAdmin,
      },
      { inheritEnv: true, timeoutMs: 120_000 },
    );
    apis.push(worker);
    step(`web ${web.url}, worker ${worker.url}, ponder serve http://127.0.0.1:${servePort}: ${READS} reads each, then ${REST_MS / 1000} s at rest`);
    for (let i = 0; i < READS; i++) {
      await read(`${web.url}/api/nfts/available?page=1&limit=100`);
      await read(`${web.url}/pixlings/pix_${1 + ((i * 33) % 9999)}.png`);
      await read(`http://127.0.0.1:${servePort}/status`);
    }
    await new Promise((resolve) => setTimeout(resolve, REST_MS));

    const processes = { web: web.pid, worker: worker.pid, ponder_start: indexer.ponder.child.pid ?? -1, ponder_serve: serveChild.pid ?? -1 };
    const figures: Record<string, Figure> = {};
    for (const [name, pid] of Object.entries(processes)) {
      const memory = processMemory(pid);
      figures[`${name}_rss_mb`] = { value: memory.rssMb, unit: "MB", better: "lower" };
      figures[`${name}_peak_rss_mb`] = { value: memory.peakMb, unit: "MB", better: "lower" };
    }
    const connections = execFileSync(
      "psql",
      [pg.url, "--tuples-only", "--no-align", "--command=select count(*) - 1 from pg_stat_activity where backend_type = 'client backend'"],
      { encoding: "utf8" },
    );
    figures.postgres_connections_at_rest = { value: Number(connections.trim()), unit: "", better: "lower" };
    printFigureTable(figures, {});
    writeFigures(RESULTS_FILE, figures);
    step(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
    return 0;
  } finally {
    for (const api of apis) await api.stop();
    await serve?.stop(10_000);
    await indexer?.stop();
    await chain.chain.stop();
    await pg.stop();
  }
}

runMain(main);
