import { hexToBytes, type PublicClient } from "viem";
import { decodePiece, type Art } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { ownersOnChain } from "../chains/ownersOnChain.ts";
import type { SaleChain } from "../chains/saleChain.ts";

/** The art of `tokenId` as the contract holds it now (`artOf`), read from the chain itself. */
export async function chainArtOf(client: PublicClient, chain: SaleChain, tokenId: number): Promise<Art> {
  const blob = await client.readContract({ address: chain.contract, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(tokenId)] });
  const { palette, pixels } = decodePiece(hexToBytes(blob));
  return { palette, pixels };
}

/** Whether the contract says `tokenId` is minted (`ownersOnChain`: an owner, or the contract's TokenNotMinted). */
export async function isMintedOnChain(client: PublicClient, chain: SaleChain, tokenId: number): Promise<boolean> {
  const owners = await ownersOnChain({ client, contract: chain.contract }, [tokenId]);
  return owners.get(tokenId) !== null;
}
