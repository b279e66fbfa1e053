import { hexToBytes, type PublicClient } from "viem";
import { decodePiece, type Art } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { SaleChain } from "../mint/saleConfig.ts";

/** The art of `tokenId` as the contract holds it now (`artOf`), read from the chain itself. */
export async function chainArtOf(client: PublicClient, chain: SaleChain, tokenId: number): Promise<Art> {
  const blob = await client.readContract({ address: chain.contract, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(tokenId)] });
  const { palette, pixels } = decodePiece(hexToBytes(blob));
  return { palette, pixels };
}

/** Whether the contract says `tokenId` is minted (`ownerOf` answers; it reverts TokenNotMinted otherwise). */
export async function isMintedOnChain(client: PublicClient, chain: SaleChain, tokenId: number): Promise<boolean> {
  try {
    await client.readContract({ address: chain.contract, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(tokenId)] });
    return true;
  } catch (error) {
    if (/TokenNotMinted/.test(String(error))) return false;
    throw error;
  }
}
