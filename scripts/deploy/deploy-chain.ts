import type { Address } from "viem";
import { pixlingsAbi } from "../../shared/src/contract.ts";
import type { ChainClients } from "./clients.ts";
import { ensureDeployed, type EnsuredDeployment } from "./ensure-deployed.ts";
import type { RecordTargets } from "./record.ts";
import { uploadArt, writtenChunks, type ArtChunk, type UploadResult } from "./upload-art.ts";

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

export interface DeployAndUploadResult {
  deployment: EnsuredDeployment;
  upload: UploadResult;
  uploadMs: number;
  state: ChainState;
}

/** What the contract at `address` holds, for summaries and checks. */
export async function readChainState(
  clients: ChainClients,
  address: Address,
  chunks: readonly ArtChunk[],
): Promise<ChainState> {
  const { publicClient } = clients;
  const [written, totalSupply, tierPrices] = await Promise.all([
    writtenChunks(publicClient, address, chunks),
    publicClient.readContract({ address, abi: pixlingsAbi, functionName: "totalSupply" }),
    publicClient.readContract({ address, abi: pixlingsAbi, functionName: "tierPrices" }),
  ]);
  const piecesOnChain = chunks
    .filter((chunk) => written.has(chunk.chunkIndex))
    .reduce((sum, chunk) => sum + chunk.tiers.length, 0);
  return { chainId: clients.chainId, address, piecesOnChain, chunksOnChain: written.size, totalSupply, tierPrices };
}

/** Deploys when needed (see ensureDeployed), then uploads the art the chain lacks. */
export async function deployAndUpload(p: {
  clients: ChainClients;
  chunks: ArtChunk[];
  redeployOutdated: boolean;
  targets?: RecordTargets;
  onProgress?: (done: number, total: number, gasUsed: bigint) => void;
  log?: (line: string) => void;
}): Promise<DeployAndUploadResult> {
  const { clients, chunks } = p;
  const deployment = await ensureDeployed({
    clients,
    redeployOutdated: p.redeployOutdated,
    targets: p.targets,
    log: p.log,
  });
  const started = performance.now();
  const upload = await uploadArt({
    walletClient: clients.walletClient,
    publicClient: clients.publicClient,
    address: deployment.address,
    chunks,
    onProgress: p.onProgress,
  });
  const uploadMs = performance.now() - started;
  const state = await readChainState(clients, deployment.address, chunks);
  return { deployment, upload, uploadMs, state };
}
