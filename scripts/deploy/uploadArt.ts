import {
  BaseError,
  bytesToHex,
  ContractFunctionRevertedError,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ArtChunk } from "../art/chunks.ts";

export type { ArtChunk } from "../art/chunks.ts";

export interface UploadResult {
  written: number;
  skipped: number;
  gasUsed: bigint;
}

/** Which of `chunks` the contract already holds. */
export async function writtenChunks(publicClient: PublicClient, address: Address, chunks: readonly ArtChunk[]): Promise<Set<number>> {
  const flags = await Promise.all(
    chunks.map((chunk) =>
      publicClient.readContract({
        address,
        abi: pixlingsAbi,
        functionName: "isChunkWritten",
        args: [BigInt(chunk.chunkIndex)],
      }),
    ),
  );
  return new Set(chunks.filter((_, i) => flags[i]).map((chunk) => chunk.chunkIndex));
}

function isAlreadyWrittenRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError && revert.data?.errorName === "ChunkAlreadyWritten";
}

/**
 * Writes the chunks the contract lacks, one transaction at a time, each waited for. Resumable:
 * chunks already on chain (from an interrupted run, or written by someone else meanwhile) are
 * skipped. Throws on a reverted receipt. `onProgress` gets (chunks done, chunks total, gas so far).
 */
export async function uploadArt(p: {
  walletClient: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient;
  address: Address;
  chunks: ArtChunk[];
  onProgress?: (done: number, total: number, gasUsed: bigint) => void;
}): Promise<UploadResult> {
  const { walletClient, publicClient, address, chunks } = p;
  const already = await writtenChunks(publicClient, address, chunks);
  const result: UploadResult = { written: 0, skipped: already.size, gasUsed: 0n };
  const report = (): void => p.onProgress?.(result.written + result.skipped, chunks.length, result.gasUsed);
  report();
  for (const chunk of chunks) {
    if (already.has(chunk.chunkIndex)) continue;
    let hash: Hash;
    try {
      hash = await walletClient.writeContract({
        address,
        abi: pixlingsAbi,
        functionName: "writeArtChunk",
        args: [BigInt(chunk.chunkIndex), bytesToHex(chunk.tiers), bytesToHex(chunk.blob)],
      });
    } catch (error) {
      if (!isAlreadyWrittenRevert(error)) throw error;
      result.skipped++;
      report();
      continue;
    }
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") {
      throw new Error(`writeArtChunk(${chunk.chunkIndex}) reverted: transaction ${hash} in block ${receipt.blockNumber}`);
    }
    result.written++;
    result.gasUsed += receipt.gasUsed;
    report();
  }
  return result;
}
