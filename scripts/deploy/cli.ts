import { parseArgs } from "node:util";
import { pixChain } from "@pixlings/shared/chains";
import { isNetworkName, NETWORK_NAMES, NETWORKS, rpcUrlOf, type NetworkName } from "@pixlings/shared/networks";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { loadDotEnv } from "@pixlings/shared/node/dotEnv";
import { readEnv } from "../env.ts";
import { stackDirs } from "../paths.ts";
import { loadArtChunks } from "./artChunks.ts";
import { connectChain } from "./clients.ts";
import { deployAndUpload } from "./deployChain.ts";
import { readDeploymentRecord } from "./deploymentFile.ts";
import { deployPreviewLines, planDeploy } from "./deployPreview.ts";
import { createProgressBars } from "./progress.ts";
import { recordStepDone, type RecordTargets } from "./record.ts";
import { checkPublicDeployerKey } from "./roles.ts";
import { summaryTable } from "./summary.ts";
import { describeVerification, verifySource } from "./verifySource.ts";
import { runMain } from "../cli.ts";

const USAGE = `Usage: npm run deploy -- --network <${NETWORK_NAMES.join("|")}> [--yes] [--redeploy]`;

function parseOptions(): { network: NetworkName; redeploy: boolean; yes: boolean } {
  const { values } = parseArgs({
    options: { network: { type: "string" }, redeploy: { type: "boolean", default: false }, yes: { type: "boolean", default: false } },
  });
  if (!values.network || !isNetworkName(values.network)) throw new Error(USAGE);
  return { network: values.network, redeploy: values.redeploy, yes: values.yes };
}

/** Where records go: PIXLINGS_DEPLOYMENTS_DIR (tests), else deployments/, which alone also regenerates the addresses module. */
function recordTargets(): RecordTargets {
  const dirs = stackDirs(process.env);
  return { deploymentsDir: dirs.deployments, generatedFile: dirs.deploymentsIsDefault ? undefined : null };
}

/**
 * `npm run deploy -- --network sepolia`: deploy when needed (sale closed), upload the art the
 * chain lacks, read every tokenURI, then open the sale. Local chains deploy from DEV_KEYS.owner
 * with the dev roles; others from DEPLOYER_PRIVATE_KEY (never a dev key) with PIXLINGS_* roles,
 * and only with --yes: without it the deploy shows what it would send and its cost, and stops.
 * After a public deploy, the source is verified on Etherscan when ETHERSCAN_API_KEY is set.
 */
async function main(): Promise<number> {
  loadDotEnv();
  const env = readEnv();
  const { network: name, redeploy, yes } = parseOptions();
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
  const targets = recordTargets();
  const redeployOutdated = network.local || redeploy;
  if (!network.local) {
    const plan = await planDeploy({ network: name, clients, chunks, redeployOutdated, targets, explorerKeySet: env.ETHERSCAN_API_KEY !== undefined });
    for (const line of deployPreviewLines(plan)) console.log(line);
    if (plan.problems.length > 0) throw new Error(`Not deploying to ${name}: fix the problems above first.`);
    if (!yes) {
      console.log("Nothing sent. Run the same command with --yes to deploy.");
      return 0;
    }
  }
  const label = pixChain(network.chainId).chain.name;
  console.error(`Deploying to ${label} (${url}) from ${clients.walletClient.account.address}`);
  const bars = createProgressBars();
  const result = await deployAndUpload({
    clients,
    chunks,
    redeployOutdated,
    targets,
    onProgress: (done, total, gas) => bars.update(label, done, total, gas),
    log: (line) => console.error(line),
  });
  bars.finish();
  if (result.deployment.outcome === "outdated") {
    console.error(`Note: the recorded contract is an older build; pass --redeploy to deploy the current one.`);
  }
  console.log(summaryTable([result]));
  if (!network.local) {
    const record = readDeploymentRecord(network.chainId, targets.deploymentsDir)!;
    const verification = await verifySource({ network: name, clients, record, env: process.env });
    if (verification.state === "verified") recordStepDone(network.chainId, record.address, "sourceVerifiedAt", targets);
    console.log(describeVerification(verification));
  }
  return 0;
}

runMain(main);
