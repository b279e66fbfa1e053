import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { ANVIL_FIRST_PRIVATE_KEY } from "../chains/accounts.ts";
import { LOCAL_NETWORKS, runUntilStopped, startLocalChains, stopChains, type RunningChain } from "../chains/local-chains.ts";
import { loadArtChunks } from "../deploy/art-chunks.ts";
import { connectChain } from "../deploy/clients.ts";
import { deployAndUpload, type DeployAndUploadResult } from "../deploy/deploy-chain.ts";
import { createProgressBars, type ProgressBars } from "../deploy/progress.ts";
import { forgetDeployments } from "../deploy/record.ts";
import { summaryTable } from "../deploy/summary.ts";
import type { ArtChunk } from "../deploy/upload-art.ts";
import { runMain } from "../cli.ts";
import { loadDotEnv, readEnv } from "../env.ts";
import { CHAIN_STATE_DIR } from "../paths.ts";

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** `--fresh`: forget the local chains' state and deployment records. */
function startOver(): void {
  rmSync(CHAIN_STATE_DIR, { recursive: true, force: true });
  forgetDeployments(LOCAL_NETWORKS.map((network) => network.chainId));
  console.log("--fresh: cleared .pixlings/chains and the local deployment records");
}

async function prepareChain(chain: RunningChain, chunks: ArtChunk[], bars: ProgressBars): Promise<DeployAndUploadResult> {
  const clients = await connectChain({ chainId: chain.chainId, url: chain.url, privateKey: ANVIL_FIRST_PRIVATE_KEY });
  return deployAndUpload({
    clients,
    chunks,
    redeployOutdated: true,
    onProgress: (done, total, gas) => bars.update(chain.name, done, total, gas),
    log: (line) => console.error(line),
  });
}

/** `npm start` (for now): both local chains, deployed, with all the art, until Ctrl-C. */
async function main(): Promise<number> {
  const startedAt = performance.now();
  loadDotEnv();
  readEnv();
  const { values } = parseArgs({ options: { fresh: { type: "boolean", default: false } } });
  if (values.fresh) startOver();
  const chunks = await loadArtChunks();
  const chains = await startLocalChains();
  for (const chain of chains) console.log(`${chain.name} (chain ${chain.chainId}): ${chain.url}`);
  let results: DeployAndUploadResult[];
  const bars = createProgressBars();
  try {
    results = await Promise.all(chains.map((chain) => prepareChain(chain, chunks, bars)));
  } catch (error) {
    bars.finish();
    await stopChains(chains);
    throw error;
  }
  bars.finish();
  for (const { state } of results) console.log(`Pixlings on chain ${state.chainId}: ${state.address}`);
  console.log(`\n${summaryTable(results)}\n`);
  console.log(`Started in ${seconds(performance.now() - startedAt)}; Ctrl-C stops the chains and saves their state.`);
  console.log("Pixlings chains ready");
  return runUntilStopped(chains);
}

runMain(main);
