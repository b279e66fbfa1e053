import type { Address } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainClients } from "./clients.ts";
import { readDeploymentRecord } from "./deploymentFile.ts";
import { ensureDeployed, type EnsuredDeployment } from "./ensureDeployed.ts";
import { grantLocalArtAdmin } from "./grantLocalArtAdmin.ts";
import { pixChain } from "@pixlings/shared/chains";
import { checkThenOpenSale, type SaleOpening } from "./openSale.ts";
import { recordStepDone, type RecordTargets } from "./record.ts";
import { uploadArt, writtenChunks, type ArtChunk, type UploadResult } from "./uploadArt.ts";

export interface ChainState {
  chainId: number;
  address: Address;
  /** Pieces whose chunk is on chain (of the chunks given). */
  piecesOnChain: number;
  chunksOnChain: number;
  totalSupply: bigint;
  /** Common, Rare, Artist in wei. */
  tierPrices: readonly [bigint, bigint, bigint];
}

/** The tokenURI check and the sale: done now (see SaleOpening), or recorded as done before. */
export type SaleStep = SaleOpening | { state: "checked before"; checkedAt: string };

export interface DeployAndUploadResult {
  deployment: EnsuredDeployment;
  upload: UploadResult;
  uploadMs: number;
  sale: SaleStep;
  state: ChainState;
}

/** What the contract at `address` holds, for summaries and checks. */
export async function readChainState(clients: ChainClients, address: Address, chunks: readonly ArtChunk[]): Promise<ChainState> {
  const { publicClient } = clients;
  const [written, totalSupply, tierPrices] = await Promise.all([
    writtenChunks(publicClient, address, chunks),
    publicClient.readContract({ address, abi: pixlingsAbi, functionName: "totalSupply" }),
    publicClient.readContract({ address, abi: pixlingsAbi, functionName: "tierPrices" }),
  ]);
  const piecesOnChain = chunks.filter((chunk) => written.has(chunk.chunkIndex)).reduce((sum, chunk) => sum + chunk.tiers.length, 0);
  return { chainId: clients.chainId, address, piecesOnChain, chunksOnChain: written.size, totalSupply, tierPrices };
}

/**
 * Deploys when needed (see ensureDeployed; the sale starts closed), uploads the art the chain
 * lacks, then, unless the deployment record says it was done, reads every tokenURI and opens the
 * sale (checkThenOpenSale) and records that. A failed check throws; the record stays unmarked,
 * so the next run checks again.
 */
export async function deployAndUpload(p: {
  clients: ChainClients;
  chunks: ArtChunk[];
  redeployOutdated: boolean;
  targets?: RecordTargets;
  onProgress?: (done: number, total: number, gasUsed: bigint) => void;
  onCheckProgress?: (done: number, total: number) => void;
  log?: (line: string) => void;
}): Promise<DeployAndUploadResult> {
  const { clients, chunks } = p;
  const log = p.log ?? ((): void => undefined);
  const deployment = await ensureDeployed({
    clients,
    redeployOutdated: p.redeployOutdated,
    targets: p.targets,
    log: p.log,
  });
  // The API's art-admin key (Approve & Replace) on the local chains; public chains: PIXLINGS_ART_ADMIN.
  if (pixChain(clients.chainId).local && (await grantLocalArtAdmin(clients, deployment.address))) {
    log(`chain ${clients.chainId}: granted ROLE_ART_ADMIN to the API's dev art-admin key`);
  }
  const started = performance.now();
  const upload = await uploadArt({
    walletClient: clients.walletClient,
    publicClient: clients.publicClient,
    address: deployment.address,
    chunks,
    onProgress: p.onProgress,
  });
  const uploadMs = performance.now() - started;
  const checkedAt = readDeploymentRecord(clients.chainId, p.targets?.deploymentsDir)?.tokenUrisCheckedAt;
  let sale: SaleStep;
  if (checkedAt) {
    sale = { state: "checked before", checkedAt };
  } else {
    log(`chain ${clients.chainId}: reading every tokenURI before the sale opens`);
    sale = await checkThenOpenSale({ clients, address: deployment.address, chunks, onProgress: p.onCheckProgress });
    recordStepDone(clients.chainId, deployment.address, "tokenUrisCheckedAt", p.targets);
    log(`chain ${clients.chainId}: ${describeSaleStep(sale)}`);
  }
  const state = await readChainState(clients, deployment.address, chunks);
  return { deployment, upload, uploadMs, sale, state };
}

/** One line about the check and the sale, for logs and the summary. */
export function describeSaleStep(sale: SaleStep): string {
  if (sale.state === "checked before") return `tokenURIs checked ${sale.checkedAt}`;
  const checked = `${sale.check.checked.toLocaleString("en-US")} tokenURIs render (checked in ${(sale.check.ms / 1000).toFixed(1)} s)`;
  if (sale.state === "left for the owner") return `${checked}; the owner ${sale.owner} must open the sale (setMintingActive(true))`;
  return `${checked}; sale ${sale.state}`;
}
