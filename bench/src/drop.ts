// `npm run bench:drop`: drop day on the production topology (test-kit/src/productionStack.ts: one
// Postgres 15, two anvil chains with Sepolia's and Amoy's ids, `ponder start` and a `ponder serve`
// replica, two web processes and one worker under the production rules, the Stripe and Google
// stand-ins over https, in a process of their own). N buyers (`-- --buyers N`, default 1,000; bench/src/drop/plan.ts) arrive
// over 60 s from client addresses of their own: 70 % by wallet, 30 % by card, a fifth racing for 50
// hot ids, some abandoning, some declined first. Writes bench/results/drop.json; exits 1 if an id
// sold twice, a 5xx was answered, a paid order was unfulfilled after the grace, or a buyer failed.
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { keccak256, toHex, type LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { chunkRange } from "@pixlings/shared/art/chunks";
import { runMain } from "@pixlings/scripts/cli";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { traceMintPipeline, type MintPipelineTrace } from "@pixlings/test-kit/mintPipelineTrace";
import { PONDER_SCHEMA, startProductionStack, type ProductionStack } from "@pixlings/test-kit/productionStack";
import { runCardBuyer, type Grace } from "./drop/cardBuyer.ts";
import { batchedClients, fundAll, mineOnAClock, mintsPerId } from "./drop/chains.ts";
import { runCryptoBuyer } from "./drop/cryptoBuyer.ts";
import { dropFigures, DROP_TARGETS } from "./drop/figures.ts";
import { lastIdOf, planDrop, SEPOLIA_ID, type DropBuyer } from "./drop/plan.ts";
import { stackCpu } from "./drop/processCpu.ts";
import { newRecord, type DropRecord } from "./drop/record.ts";
import { printTimeline } from "./drop/timeline.ts";
import { printMintTrace } from "./drop/trace.ts";
import { waitUntilIdle } from "./cpuTicks.ts";
import { printFigureTable } from "./figureTable.ts";
import { writeFigures } from "./report.ts";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "drop.json");
const WINDOW_MS = 60_000;
const HOT_RUSH_MS = 5_000;
const HOT_IDS = 50;
const GRACE_MS = 60_000;
/** A block a second on both chains during the drop (bench/src/drop/chains.ts). */
const BLOCK_SECONDS = 1;
const SEED = 22;

const step = (message: string): void => console.log(`[bench:drop] ${message}`);
const load = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How often `--trace` samples the mint jobs and Ponder's tokens. */
const TRACE_EVERY_MS = 100;

function readOptions(): { buyers: number; trace: boolean; cpuProfDir: string | undefined; nodeOptions: string | undefined } {
  const { values } = parseArgs({
    options: { buyers: { type: "string" }, trace: { type: "boolean" }, "cpu-prof": { type: "string" }, "node-options": { type: "string" } },
  });
  return {
    trace: values.trace === true,
    nodeOptions: values["node-options"],
    cpuProfDir: values["cpu-prof"] === undefined ? undefined : path.resolve(values["cpu-prof"]),
    buyers: z.coerce
      .number()
      .int()
      .min(1)
      .max(5_000)
      .parse(values.buyers ?? "1000"),
  };
}

const buyerAccount = (buyer: DropBuyer): LocalAccount => privateKeyToAccount(keccak256(toHex(`pixlings-bench-drop:buyer:${buyer.index}`)));

/** The most common of `lines` (numbers blanked out to group them), with their counts. */
function printCommon(label: string, lines: readonly string[]): void {
  const groups = new Map<string, number>();
  for (const line of lines) {
    const key = line.replace(/\d+/g, "N").slice(0, 220);
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  for (const [line, n] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${label} (${n}x): ${line}`);
}

/** A JSON log line's error message, else its message (what to group warnings by). */
function logMessage(line: string): string {
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
    return `${entry.msg ?? ""}: ${entry.err?.message ?? ""}`;
  } catch {
    return line;
  }
}

/** An error's message and, for a failed fetch, its cause (a refused or timed-out connection). */
const describeError = (error: unknown): string =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message}${"code" in error.cause ? ` ${String(error.cause.code)}` : ""})` : ""}`
    : String(error);

/** One buyer's journey from its arrival; its outcome and, for a paid card order, its fulfilment wait. */
async function journey(
  s: ProductionStack,
  buyer: DropBuyer,
  account: LocalAccount | undefined,
  record: DropRecord,
  grace: Grace,
  started: number,
): Promise<Promise<void> | undefined> {
  await sleep(Math.max(0, started + buyer.arriveAtMs - performance.now()));
  const webUrl = s.webs[buyer.web]!.url;
  try {
    if (buyer.kind === "card") {
      const purchase = await runCardBuyer({ buyer, webUrl, stripe: s.stripe.stripe, record, grace });
      record.outcomes[purchase.outcome] += 1;
      return purchase.fulfilled;
    }
    const chain = buyer.chainId === SEPOLIA_ID ? s.sepolia : s.amoy;
    record.outcomes[
      await runCryptoBuyer({ buyer, account: account!, webUrl, chain: { rpcUrl: chain.chain.url, publicClient: batchedClients(chain).publicClient }, record })
    ] += 1;
    return undefined;
  } catch (error) {
    record.outcomes.failed += 1;
    record.failures.push(`buyer ${buyer.index} (${buyer.kind}${buyer.hot ? ", hot" : ""}, #${buyer.tokenId}): ${describeError(error)}`.slice(0, 400));
    return undefined;
  } finally {
    record.lastDoneAt = Math.max(record.lastDoneAt, performance.now());
  }
}

async function main(): Promise<number> {
  const { buyers, trace, cpuProfDir, nodeOptions } = readOptions();
  const profiling = cpuProfDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`];
  const nodeOptionsEnv = [...profiling, ...(nodeOptions === undefined ? [] : [nodeOptions])].join(" ");
  const loadAtStart = os.loadavg()[0]!;
  step(`load average at start: ${load()} (${os.cpus().length} cores)`);
  const plan = planDrop({ buyers, windowMs: WINDOW_MS, hotIds: HOT_IDS, hotRushMs: HOT_RUSH_MS, seed: SEED });
  const artChunks = Math.floor(lastIdOf(plan) / (chunkRange(1).firstId - chunkRange(0).firstId + 1)) + 1;
  const record = newRecord();
  step(
    `starting the production topology (${artChunks} art chunks a chain): Postgres, 2 anvil chains, ponder start + serve, 2 web processes, 1 worker, the Stripe and Google stand-ins...`,
  );
  const s = await startProductionStack({
    workers: 1,
    artChunks,
    // Behind a proxy on loopback: each buyer's X-Forwarded-For is its client address.
    env: {
      API_TRUST_PROXY: "loopback",
      // The API's own defaults (empty is unset), as a shop runs its drop, where the rehearsal's
      // stack sweeps, polls and leases far more often to keep its tests short: a sweep reads every
      // live hold and asks the indexer about each (10x the reads at 500 ms), a 2 s lease is renewed
      // every 0.7 s by each job in hand.
      RESERVATION_SWEEP_MS: "",
      FULFILMENT_POLL_MS: "",
      FULFILMENT_LEASE_SECONDS: "",
      // `-- --cpu-prof DIR`: each web process's and the worker's CPU profile, written when it stops;
      // `-- --node-options "..."`: more of Node's options for them (e.g. `--import` of a counter).
      ...(nodeOptionsEnv === "" ? {} : { NODE_OPTIONS: nodeOptionsEnv }),
    },
    // As Stripe's and Google's servers, not sharing the event loop of the thousand buyers.
    standInsApart: true,
    onWebhookForwarded: (delivery) => {
      if (delivery.status >= 500) record.serverErrors.push(`webhook ${delivery.type} ${delivery.status}`);
    },
  });
  try {
    const accounts = new Map(plan.filter((b) => b.kind === "crypto").map((b) => [b.index, buyerAccount(b)]));
    step(`funding ${accounts.size} crypto buyers on their chains...`);
    for (const chain of [s.sepolia, s.amoy])
      await fundAll(
        chain,
        plan.filter((b) => b.kind === "crypto" && b.chainId === chain.chainId).map((b) => accounts.get(b.index)!.address),
      );
    await Promise.all([s.sepolia, s.amoy].map((chain) => mineOnAClock(chain, BLOCK_SECONDS)));
    // A shop is up before its drop: each process's start-up work (loading the art and pre-rendering
    // every image, about a second of CPU each) is over before the clock, not inside the first rush.
    step("waiting until the web processes and the worker are idle...");
    await Promise.all([...s.webs, ...s.workers].map((child) => waitUntilIdle(child.pid, { belowCores: 0.1 })));
    const named = new Map<number, string>([
      ...s.webs.map((w, i) => [w.pid, `web ${i}`] as const),
      ...s.workers.map((w) => [w.pid, "worker"] as const),
      ...(s.standInsPid === undefined ? [] : [[s.standInsPid, "stand-ins (Stripe, Google, webhook relay)"] as const]),
    ]);
    const pgPort = Number(new URL(s.pg.url).port);
    const cpuBefore = stackCpu(pgPort, named);
    const grace: Grace = { endsAt: Infinity };
    const tracer: MintPipelineTrace | undefined = trace
      ? await traceMintPipeline({ databaseUrl: s.pg.url, ponderSchema: PONDER_SCHEMA, chainId: SEPOLIA_ID, everyMs: TRACE_EVERY_MS })
      : undefined;
    step(`${buyers} buyers over ${WINDOW_MS / 1000} s (the ${plan.filter((b) => b.hot).length} hot ones in the first ${HOT_RUSH_MS / 1000} s)...`);
    // The bench's own event loop (the buyers): its delay is in every timing the bench takes.
    const loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
    const started = performance.now();
    const fulfilments = await Promise.all(plan.map((buyer) => journey(s, buyer, accounts.get(buyer.index), record, grace, started)));
    const servedSeconds = (record.lastDoneAt - started) / 1000;
    grace.endsAt = performance.now() + GRACE_MS;
    step(`every buyer done in ${servedSeconds.toFixed(1)} s (load ${load()}); waiting up to ${GRACE_MS / 1000} s for the paid card orders to be card-owned...`);
    await Promise.all(fulfilments);
    loopDelay.disable();
    await tracer?.stop();
    const cpuAfter = stackCpu(pgPort, named);
    const counts = await mintsPerId([s.sepolia, s.amoy]);
    const loadAtEnd = os.loadavg()[0]!;
    step(`load average at end: ${load()}`);
    step("CPU seconds per process during the drop (clock start to end of grace):");
    for (const [role, seconds] of [...cpuAfter].map(([role, after]) => [role, after - (cpuBefore.get(role) ?? 0)] as const).sort((a, b) => b[1] - a[1]))
      if (seconds >= 0.5) console.log(`  ${role.padEnd(52)} ${seconds.toFixed(1)} s`);
    printCommon("5xx", record.serverErrors);
    printCommon("failed", record.failures);
    if (record.failures.length > 0 || record.serverErrors.length > 0)
      for (const [i, web] of s.webs.entries())
        printCommon(
          `web ${i} said`,
          web
            .output()
            .split("\n")
            .filter((line) => /"level":(40|50)/.test(line))
            .map(logMessage),
        );
    const figures = dropFigures({
      record,
      buyers,
      servedSeconds,
      soldTwice: [...counts.values()].filter((n) => n > 1).length,
      loadAtStart,
      loadAtEnd,
      benchLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    });
    printTimeline(record.timed, started);
    if (tracer) printMintTrace(tracer.orders(), record, tracer.lastError());
    step(`outcomes: ${JSON.stringify(record.outcomes)}; declined cards: ${record.declinedCards}`);
    printFigureTable(figures, DROP_TARGETS);
    writeFigures(RESULTS_FILE, figures);
    step(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
    const broken = ["drop_sold_twice", "drop_5xx", "drop_paid_unfulfilled", "drop_buyers_failed"].filter((name) => figures[name]!.value !== 0);
    if (broken.length > 0) step(`not 0: ${broken.join(", ")}`);
    return broken.length === 0 ? 0 : 1;
  } finally {
    await s.close();
  }
}

runMain(main);
