// `npm run bench:gas`: Pixlings against two plain baselines (OpenZeppelin 5, Solady) on a fresh
// local anvil, with about half the collection minted first. Writes bench/results/gas.json.
import path from "node:path";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { startLocalChain } from "@pixlings/scripts/chains/localChain";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { loadBenchArt } from "./artSource.ts";
import { printArtBreakdown } from "./artBreakdown.ts";
import { printBreakdowns } from "./breakdown.ts";
import { checkTokenUri } from "./check.ts";
import { benchAccount, benchClients, BENCH_CHAIN_ID, fund } from "./clients.ts";
import { measureTarget, type TargetResult } from "./measure.ts";
import { benchPlan } from "./plan.ts";
import { printTokenUriFit } from "./uriFit.ts";
import { printWorstCase, worstCaseTokenUriGas } from "./worstCase.ts";
import { populate } from "./populate.ts";
import { table, writeResults } from "./report.ts";
import { deployBaselineTarget, deployPixlingsTarget, pixlingsSetup, type Target } from "./targets.ts";
import { runMain } from "@pixlings/scripts/cli";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "gas.json");

async function main(): Promise<void> {
  const started = performance.now();
  const step = (what: string): void => console.log(`[${((performance.now() - started) / 1000).toFixed(1)}s] ${what}`);

  const art = await loadBenchArt();
  step(`art: ${art.chunks.length} Pixlings chunks, ${art.plain.length} plain chunks`);
  const chain = await startLocalChain({ chainId: BENCH_CHAIN_ID, port: await freePort() });
  try {
    const clients = benchClients(chain.url);
    const deployer = benchAccount("deployer");
    const custody = benchAccount("custody");
    await fund(clients, deployer.address, "100000");
    step(`anvil on ${chain.url}`);

    const setup = pixlingsSetup(deployer.address, custody.address);
    const targets: Target[] = [await deployPixlingsTarget(clients, deployer, setup, art.chunks)];
    step(`Pixlings deployed, art uploaded (${targets[0]!.artUploadGas.toLocaleString("en-US")} gas)`);
    for (const key of ["baseline_oz", "baseline_solady"] as const) {
      const target = await deployBaselineTarget(clients, key, deployer, setup.tierPrices, art.plain);
      targets.push(target);
      step(`${target.label} baseline deployed, art uploaded (${target.artUploadGas.toLocaleString("en-US")} gas)`);
    }

    const plan = benchPlan();
    const ctx = { clients, plan, signer: deployer, tiers: art.tiers, prices: setup.tierPrices };
    await populate({ ...ctx, custody: custody.address }, targets);
    step(`pre-minted ${plan.premint.flat().length} ids on each contract (${plan.premint.length - 1} wallets + custody)`);

    const worstCase = await worstCaseTokenUriGas(clients, deployer, setup);
    step("Pixlings with the costliest pictures deployed and measured");

    const results: TargetResult[] = [];
    for (const target of targets) {
      results.push(await measureTarget({ ...ctx, custody, pixlingsWorstCase: worstCase.gas }, target));
      for (const id of [plan.mint1Fresh, ...plan.mint10Batch.slice(0, 2), plan.premint[1]![0]!]) {
        await checkTokenUri(clients, target, art.chunks, id);
      }
    }
    step("measured; tokenURI of each contract draws the stored pixels");

    writeResults(RESULTS_FILE, results);
    console.log(`\n${table(results)}\n`);
    step(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}; where the gas goes:\n`);
    await printBreakdowns(chain.url, clients, results);
    await printArtBreakdown(chain.url, clients, targets);
    await printTokenUriFit(clients, art.chunks, results[0]!);
    printWorstCase(worstCase);
    step("done");
  } finally {
    await chain.stop();
  }
}

runMain(async () => {
  await main();
  return 0;
});
