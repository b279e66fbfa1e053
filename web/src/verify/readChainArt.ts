// Loaded on demand with runVerification.ts: viem and the ABI stay out of every first load.
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { BaseError, ContractFunctionRevertedError, hexToBytes } from "viem";
import { publicClientOf } from "../chains/publicRpc.ts";
import { pixelsOfArtBlob, pixelsOfTokenUri, type CellColours } from "./chainPixels.ts";

/** What one chain's contract says the Pix looks like, and where it was read. */
export interface ChainArt {
  /** `tokenURI` for a Pix minted on this chain; the art getter `artOf` for one that is not. */
  source: "tokenURI" | "artOf";
  block: bigint;
  cells: CellColours;
}

/** The contract's custom error when `tokenURI` is asked for a Pix not minted on this chain. */
function isNotMinted(error: unknown): boolean {
  const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined;
  return reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === "TokenNotMinted";
}

/**
 * Reads Pix `tokenId` from `chain`'s contract over its public RPC, both calls at one block: its
 * `tokenURI` when it is minted there, else its stored art. Rejects when the RPC does not answer,
 * answers for another chain, or the contract's answer does not decode.
 */
export async function readChainArt(chain: ChainInfo, tokenId: number): Promise<ChainArt> {
  const client = publicClientOf(chain);
  const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })]);
  if (chainId !== chain.chainId) throw new Error(`its RPC answered for chain ${chainId}, not ${chain.chainId}`);
  const at = { address: chain.contract, abi: pixlingsAbi, args: [BigInt(tokenId)], blockNumber: block } as const;
  try {
    const uri = await client.readContract({ ...at, functionName: "tokenURI" });
    return { source: "tokenURI", block, cells: pixelsOfTokenUri(uri) };
  } catch (error) {
    if (!isNotMinted(error)) throw error;
  }
  const blob = await client.readContract({ ...at, functionName: "artOf" });
  return { source: "artOf", block, cells: pixelsOfArtBlob(hexToBytes(blob)) };
}
