// `npm start`: the whole stack. Both local chains (deployed, with all the art), the indexer
// (Ponder) and the API, each a child process, with the local Google, Stripe and Printful stand-ins in this one; ends start-up with `Pixlings ready: <URL>`.
// Ctrl-C / SIGTERM / SIGHUP stop the API, then Ponder, then the chains (saving their state). If
// the script dies any other way (SIGKILL), its watchdog stops them; the next start stops anything
// an earlier run left running (leftovers.ts).
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { assertPortFree } from "../chains/freePort.ts";
import { LOCAL_NETWORKS, startLocalChains } from "../chains/localChains.ts";
import { loadArtChunks } from "../deploy/artChunks.ts";
import { forgetDeployments, type RecordTargets } from "../deploy/record.ts";
import { summaryTable } from "../deploy/summary.ts";
import { runMain } from "../cli.ts";
import { firstExit } from "../process/service.ts";
import { loadDotEnv } from "@pixlings/shared/node/dotEnv";
import { readEnv } from "../env.ts";
import { startApiProcess } from "./apiProcess.ts";
import { startIndexerService } from "./indexerService.ts";
import { startLocalGoogleService } from "./localGoogleService.ts";
import { startLocalStripeService } from "./localStripeService.ts";
import { startLocalPrintfulService } from "./localPrintfulService.ts";
import { stopLeftovers } from "./leftovers.ts";
import { offChainStateOf, startOffChainStateOver, startOffChainStateOverIfChainsChanged } from "./offChainState.ts";
import { RunRecorder, runRecordFile } from "./runRecord.ts";
import { startWatchdog, type WatchdogProcess } from "./watchdogProcess.ts";
import { prepareChains } from "./prepareChains.ts";
import { Stack } from "./stack.ts";
import { apiEnv, readStackConfig, type StackConfig } from "./stackConfig.ts";

/** How long the indexer may take to catch up (a first sync of a busy public chain is slow). */
const SYNC_TIMEOUT_MS = 30 * 60_000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const log = (line: string): void => void process.stderr.write(`${line}\n`);

/**
 * `--fresh`: forget the local chains' state, their deployment records and the indexer's database,
 * and with them the state that names the chains: the API's database and the Stripe stand-in's.
 */
function startOver(config: StackConfig, targets: RecordTargets): void {
  rmSync(config.dirs.chains, { recursive: true, force: true });
  rmSync(config.dirs.indexer, { recursive: true, force: true });
  forgetDeployments(
    LOCAL_NETWORKS.map((network) => network.chainId),
    targets,
  );
  console.log(`--fresh: cleared ${config.dirs.chains}, ${config.dirs.indexer} and the local deployment records`);
  console.log(`--fresh: ${startOffChainStateOver(offChainStateOf(config.dirs))}`);
}

/** This run's watchdog and record, set up once whatever an earlier run left is stopped. */
interface RunGuard {
  watchdog: WatchdogProcess;
  record: RunRecorder;
}

async function guardRun(config: StackConfig): Promise<RunGuard> {
  await stopLeftovers(config.dirs.root, log);
  const file = runRecordFile(config.dirs.root);
  const watchdog = startWatchdog(file);
  return { watchdog, record: new RunRecorder(file, watchdog.pid) };
}

async function startStack(stack: Stack, config: StackConfig, record: RunRecorder, fresh: boolean, startedAt: number): Promise<void> {
  await assertPortFree(config.apiPort, "Set API_PORT to use another port.");
  await assertPortFree(config.indexerPort, "Set PIXLINGS_INDEXER_PORT to use another port.");
  if (config.localGoogle) await assertPortFree(config.localGoogle.port, "Set LOCAL_GOOGLE_PORT to use another port, or OIDC_ISSUER for a real provider.");
  if (config.localStripe) await assertPortFree(config.localStripe.port, "Set LOCAL_STRIPE_PORT to use another port, or STRIPE_SECRET_KEY for Stripe itself.");
  if (config.localPrintful)
    await assertPortFree(config.localPrintful.port, "Set LOCAL_PRINTFUL_PORT to use another port, or PRINTFUL_API_TOKEN for Printful itself.");
  const targets: RecordTargets = {
    deploymentsDir: config.dirs.deployments,
    generatedFile: config.dirs.deploymentsIsDefault ? undefined : null,
  };
  if (fresh) startOver(config, targets);
  const chunks = await loadArtChunks();
  const chains = await startLocalChains(process.env, config.dirs.chains, (name, pid) => record.addService(name, pid));
  await stack.add(...chains);
  for (const chain of chains) console.log(`${chain.name} (chain ${chain.chainId}): ${chain.url}`);
  const results = await prepareChains(chains, chunks, targets);
  for (const { state } of results) console.log(`Pixlings on chain ${state.chainId}: ${state.address}`);
  console.log(`\n${summaryTable(results)}\n`);

  const indexer = startIndexerService({ config, chains, results });
  record.addService(indexer.name, indexer.ponder.child.pid);
  void indexer.ponder.serving.then(() => record.setPonderLock(indexer.lock));
  await stack.add(indexer);
  const reset = startOffChainStateOverIfChainsChanged(offChainStateOf(config.dirs), indexer.localChainsKey);
  if (reset) console.log(reset);
  const env = apiEnv(config, indexer);
  const google = await startLocalGoogleService(config, env);
  if (google) await stack.add(google);
  const stripe = await startLocalStripeService(config);
  if (stripe) await stack.add(stripe);
  const printful = await startLocalPrintfulService(config);
  if (printful) await stack.add(printful);
  const api = startApiProcess({ url: config.apiUrl, env });
  record.addService(api.name, api.pid);
  await stack.add(api);
  await Promise.all([indexer.ponder.waitSynced(SYNC_TIMEOUT_MS), api.waitHealthy()]);
  // The home page's first request answers (its counts load the listings): the printed URL works at
  // once, also on a machine so busy that the first load outlasts the API's 5 s answer limit.
  await api.waitAnswering("/api/stats");
  console.log(`Indexer (Ponder): ${indexer.url} (caught up)`);
  if (google) console.log(`Local Google (sign-in stand-in): ${google.issuer}`);
  if (stripe) console.log(`Local Stripe (card payments stand-in): ${stripe.url}`);
  if (printful) console.log(`Local Printful (merch mockups stand-in): ${printful.url}`);
  console.log(`API: ${api.url}/api`);
  console.log(`Started in ${seconds(performance.now() - startedAt)}; Ctrl-C stops everything and saves the chains' state.`);
  console.log(`Pixlings ready: ${config.apiUrl}`);
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  // After a hang-up nobody reads our output: a failed write must not cut the stop short.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
  loadDotEnv();
  readEnv();
  const { values } = parseArgs({ options: { fresh: { type: "boolean", default: false } } });
  const config = await readStackConfig();
  const stack = new Stack();
  const signalled = new Promise<string>((resolve) => {
    // SIGHUP: the terminal was closed. Our children have sessions of their own, so it reaches only us.
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => (stack.stopping ? log(`${signal}: already stopping`) : resolve(signal)));
    }
  });

  const guard = await guardRun(config);
  const startUp = startStack(stack, config, guard.record, values.fresh, startedAt);
  const first = await Promise.race([
    startUp.then(
      () => ({ kind: "ready" as const }),
      (error: unknown) => ({ kind: "failed" as const, error }),
    ),
    signalled.then((signal) => ({ kind: "signal" as const, signal })),
  ]);
  let code: number;
  if (first.kind === "ready") {
    const second = await Promise.race([
      signalled.then((signal) => ({ kind: "signal" as const, signal })),
      firstExit([guard.watchdog, ...stack.services]).then((crash) => ({ kind: "crash" as const, ...crash })),
    ]);
    if (second.kind === "crash") {
      const how = second.code === null ? "killed by a signal" : `exit code ${second.code}`;
      log(`${second.service.name} exited unexpectedly (${how}); stopping the rest.`);
      code = 1;
    } else {
      log(`${second.signal}: stopping Pixlings.`);
      code = 0;
    }
  } else if (first.kind === "failed") {
    log(`Start-up failed: ${first.error instanceof Error ? first.error.message : String(first.error)}`);
    code = 1;
  } else {
    log(`${first.signal} during start-up: stopping what has started.`);
    startUp.catch(() => undefined);
    code = 0;
  }
  await stack.stop(log);
  await guard.watchdog.stop();
  guard.record.remove();
  log(code === 0 ? "Stopped." : "Stopped after an error.");
  return code;
}

runMain(main);
