import { parseArgs } from "node:util";
import { pixChain } from "@pixlings/shared/chains";
import { isNetworkName, NETWORK_NAMES, NETWORKS, rpcUrlOf, type NetworkName } from "@pixlings/shared/networks";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { loadDotEnv } from "@pixlings/shared/node/dotEnv";
import { readEnv } from "../env.ts";
import { loadArtChunks } from "./artChunks.ts";
import { connectChain } from "./clients.ts";
import { deployAndUpload } from "./deployChain.ts";
import { createProgressBars } from "./progress.ts";
import { checkPublicDeployerKey } from "./roles.ts";
import { summaryTable } from "./summary.ts";
import { runMain } from "../cli.ts";

const USAGE = `Usage: npm run deploy -- --network <${NETWORK_NAMES.join("|")}> [--redeploy]`;

function parseNetwork(): { network: NetworkName; redeploy: boolean } {
  const { values } = parseArgs({
    options: { network: { type: "string" }, redeploy: { type: "boolean", default: false } },
  });
  if (!values.network || !isNetworkName(values.network)) throw new Error(USAGE);
  return { network: values.network, redeploy: values.redeploy };
}

/**
 * `npm run deploy -- --network sepolia`: deploy when needed (sale closed), upload the art the
 * chain lacks, read every tokenURI, then open the sale. Local chains deploy from DEV_KEYS.owner
 * with the dev roles; others from DEPLOYER_PRIVATE_KEY (never a dev key) with PIXLINGS_* roles.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const env = readEnv();
  const { network: name, redeploy } = parseNetwork();
  const network = NETWORKS[name];
  const url = rpcUrlOf(name, process.env);
  if (!url) throw new Error(`Set ${"rpcUrlEnv" in network ? network.rpcUrlEnv : "the RPC URL"} to deploy to ${name}.`);
  const privateKey = network.local ? DEV_KEYS.owner : env.DEPLOYER_PRIVATE_KEY;
  if (!privateKey) throw new Error(`Set DEPLOYER_PRIVATE_KEY (a funded account on ${name}) to deploy.`);
  if (!network.local) checkPublicDeployerKey(privateKey, name);
  const chunks = await loadArtChunks();
  const clients = await connectChain({ chainId: network.chainId, url, privateKey }).catch((error: unknown) => {
    const hint = network.local ? " Is the chain running (`npm run chains` or `npm start`)?" : "";
    throw new Error(`Cannot reach ${name} at ${url}.${hint}\n${error instanceof Error ? error.message : error}`);
  });
  const label = pixChain(network.chainId).chain.name;
  console.error(`Deploying to ${label} (${url}) from ${clients.walletClient.account.address}`);
  const bars = createProgressBars();
  const result = await deployAndUpload({
    clients,
    chunks,
    redeployOutdated: network.local || redeploy,
    onProgress: (done, total, gas) => bars.update(label, done, total, gas),
    log: (line) => console.error(line),
  });
  bars.finish();
  if (result.deployment.outcome === "outdated") {
    console.error(`Note: the recorded contract is an older build; pass --redeploy to deploy the current one.`);
  }
  console.log(summaryTable([result]));
}

runMain(async () => {
  await main();
  return 0;
});
