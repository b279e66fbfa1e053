import { formatGwei, type Address } from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { CHUNK_COUNT } from "@pixlings/shared/art/chunks";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainClients } from "./clients.ts";
import { readDeploymentRecord } from "./deploymentFile.ts";
import { decideDeployment, type DeploymentDecision } from "./ensureDeployed.ts";
import { formatCoin, readFees, type Fees } from "./fees.ts";
import { measureDeployGas, type DeployGas } from "./measureGas.ts";
import { defaultSetup, type PixlingsSetup } from "./pixlings.ts";
import type { RecordTargets } from "./record.ts";
import { checkPublicSetup, localSetupAddresses } from "./roles.ts";
import { writtenChunks, type ArtChunk } from "./uploadArt.ts";

/** What happens after the upload: the tokenURI check, then the sale opened by the deployer (if it owns the contract). */
type SaleStepPlan = "open" | "left for the owner" | "already open" | "checked before";

/** Everything `npm run deploy` will send to a public network, and what it costs, before it sends anything. */
export interface DeployPlan {
  network: string;
  chainName: string;
  chainId: number;
  coin: string;
  deployer: Address;
  balance: bigint;
  decision: DeploymentDecision;
  /** The constructor's setup when a contract is deployed. */
  setup: PixlingsSetup | undefined;
  chunksToWrite: number;
  sale: SaleStepPlan;
  gas: DeployGas;
  fees: Fees;
  /** The source verification line: done after the deploy, or why not. */
  verification: string;
  /** What stops the deploy before it sends anything. */
  problems: string[];
}

const same = (a: Address, b: Address): boolean => a.toLowerCase() === b.toLowerCase();

/** A setup to measure a reused deployment's upload and sale with: gas does not depend on who holds the roles. */
const measuringSetup = (deployer: Address): PixlingsSetup => ({
  ...localSetupAddresses(deployer),
  royaltyBps: 0n,
  tierPrices: [0n, 0n, 0n],
  mintingActive: false,
});

async function reusedState(clients: ChainClients, address: Address, chunks: readonly ArtChunk[], deployer: Address) {
  const read = { address, abi: pixlingsAbi } as const;
  const [written, open, owner, roles, artAdminRole] = await Promise.all([
    writtenChunks(clients.publicClient, address, chunks),
    clients.publicClient.readContract({ ...read, functionName: "mintingActive" }),
    clients.publicClient.readContract({ ...read, functionName: "owner" }),
    clients.publicClient.readContract({ ...read, functionName: "rolesOf", args: [deployer] }),
    clients.publicClient.readContract({ ...read, functionName: "ROLE_ART_ADMIN" }),
  ]);
  return { missing: chunks.filter((chunk) => !written.has(chunk.chunkIndex)), open, owner, deployerIsArtAdmin: (roles & artAdminRole) !== 0n };
}

/**
 * Works out, sending nothing, what `npm run deploy` would do on the connected public network
 * (deploy or reuse, which chunks, whether it opens the sale), measures its gas on a throwaway
 * anvil (measureDeployGas), prices it at the network's current fees, and lists what would stop it.
 */
export async function planDeploy(p: {
  network: string;
  clients: ChainClients;
  chunks: readonly ArtChunk[];
  redeployOutdated: boolean;
  targets: RecordTargets;
  explorerKeySet: boolean;
}): Promise<DeployPlan> {
  const { clients, chunks } = p;
  const known = pixChain(clients.chainId);
  const deployer = clients.walletClient.account.address;
  const decision = await decideDeployment({ clients, redeployOutdated: p.redeployOutdated, targets: p.targets });
  const problems: string[] = [];
  let missing: readonly ArtChunk[] = chunks;
  let sale: SaleStepPlan;
  let canUpload: boolean;
  let setup: PixlingsSetup | undefined;
  if (decision.action === "reuse") {
    const state = await reusedState(clients, decision.address, chunks, deployer);
    missing = state.missing;
    canUpload = state.deployerIsArtAdmin;
    const checked = readDeploymentRecord(clients.chainId, p.targets.deploymentsDir)?.tokenUrisCheckedAt !== undefined;
    sale = checked ? "checked before" : state.open ? "already open" : same(state.owner, deployer) ? "open" : "left for the owner";
  } else {
    setup = defaultSetup(clients.chainId, deployer);
    checkPublicSetup(setup, known.chain.name);
    canUpload = same(setup.artAdmin, deployer);
    sale = same(setup.owner, deployer) ? "open" : "left for the owner";
  }
  if (missing.length > 0 && !canUpload) {
    problems.push(`the deployer ${deployer} does not hold the art admin role, so it cannot upload the art (PIXLINGS_ART_ADMIN must be the deployer)`);
  }
  const [gas, fees, balance] = await Promise.all([
    // Reusing: any setup measures the upload and the sale; the deployment is not counted.
    measureDeployGas({
      chainId: clients.chainId,
      deployer,
      setup: setup ?? measuringSetup(deployer),
      chunks: missing,
      deploy: decision.action === "deploy",
      openSale: sale === "open",
    }),
    readFees(clients.publicClient),
    clients.publicClient.getBalance({ address: deployer }),
  ]);
  const likely = (gas.deployment + gas.upload + gas.sale) * fees.likely;
  if (balance < likely) problems.push(`the deployer holds ${formatCoin(balance, known.coin)}, less than the likely cost of ${formatCoin(likely, known.coin)}`);
  return {
    network: p.network,
    chainName: known.chain.name,
    chainId: clients.chainId,
    coin: known.coin,
    deployer,
    balance,
    decision,
    setup,
    chunksToWrite: missing.length,
    sale,
    gas,
    fees,
    verification: p.explorerKeySet
      ? "the source is verified on Etherscan after the deploy (ETHERSCAN_API_KEY)"
      : "source verification skipped: ETHERSCAN_API_KEY is not set",
    problems,
  };
}

const SALE_LINE: Readonly<Record<SaleStepPlan, string>> = {
  open: "read every tokenURI, then open the sale (setMintingActive(true))",
  "left for the owner": "read every tokenURI; the owner (not the deployer) opens the sale",
  "already open": "read every tokenURI; the sale is already open",
  "checked before": "nothing: the tokenURIs were checked before",
};

function gasCost(gas: bigint, plan: DeployPlan): string {
  return gas === 0n ? "no gas" : `${gas.toLocaleString("en-US")} gas, about ${formatCoin(gas * plan.fees.likely, plan.coin)}`;
}

/** The preview `npm run deploy` prints for a public network before it sends anything. */
export function deployPreviewLines(plan: DeployPlan): string[] {
  const { decision, setup } = plan;
  const total = plan.gas.deployment + plan.gas.upload + plan.gas.sale;
  const contract =
    decision.action === "reuse"
      ? `reuse ${decision.address} (recorded${decision.outcome === "outdated" ? "; an older build: --redeploy replaces it" : ""})`
      : `deploy Pixlings${decision.why ? ` (${decision.why.reason})` : ""}${setup ? `: owner ${setup.owner}, signer ${setup.signer}, minter ${setup.minter}, art admin ${setup.artAdmin}, custody ${setup.custody}` : ""}`;
  return [
    `Deploy to ${plan.network}: ${plan.chainName} (${plan.chainId}), from ${plan.deployer} holding ${formatCoin(plan.balance, plan.coin)}`,
    `  Contract      ${contract}: ${gasCost(plan.gas.deployment, plan)}`,
    `  Art upload    ${plan.chunksToWrite} of ${CHUNK_COUNT} chunks to write, one transaction each: ${gasCost(plan.gas.upload, plan)}`,
    `  Sale          ${SALE_LINE[plan.sale]}: ${gasCost(plan.gas.sale, plan)}`,
    `  Total         ${total.toLocaleString("en-US")} gas: about ${formatCoin(total * plan.fees.likely, plan.coin)} at ${formatGwei(plan.fees.likely)} gwei, at most ${formatCoin(total * plan.fees.max, plan.coin)} at ${formatGwei(plan.fees.max)} gwei`,
    `  Verification  ${plan.verification}`,
    ...plan.problems.map((problem) => `  Problem       ${problem}`),
  ];
}
