import type { QueryClient } from "@tanstack/react-query";
import type { AvailablePage, Nft } from "@pixlings/shared/http/nfts";

/** What a mint tells about a Pix: minted, on which chain, to a wallet or to custody for a card buyer. */
export interface MintSeen {
  tokenId: number;
  chainId: number;
  ownerType: "wallet" | "card";
}

const patchNft = (nft: Nft, mint: MintSeen): Nft =>
  nft.tokenId !== mint.tokenId || nft.isMinted ? nft : { ...nft, isMinted: true, mintedOnChain: mint.chainId, ownerType: mint.ownerType };

/**
 * The cached answer of a `["nfts", ...]` query with the Pix marked minted: a page of Pix, a list,
 * or one Pix. The same object when it does not hold that Pix (or already shows it minted), so
 * nothing else renders again.
 */
export function markMinted<T>(data: T, mint: MintSeen): T {
  const value: unknown = data;
  if (value === undefined || value === null || typeof value !== "object") return data;
  if (Array.isArray(value)) {
    const list = value as Nft[];
    const next = list.map((nft) => patchNft(nft, mint));
    return (next.some((nft, i) => nft !== list[i]) ? next : data) as T;
  }
  if ("nfts" in value && Array.isArray(value.nfts)) {
    const page = value as AvailablePage;
    const nfts = markMinted(page.nfts, mint);
    return (nfts === page.nfts ? data : { ...page, nfts }) as T;
  }
  if ("tokenId" in value && "isMinted" in value) return patchNft(value as Nft, mint) as T;
  return data;
}

/** Every cached Pix answer shows the mint at once (no refetch): a browse tile flips where it is. */
export function showMint(queryClient: QueryClient, mint: MintSeen): void {
  queryClient.setQueriesData({ queryKey: ["nfts"] }, (data: unknown) => markMinted(data, mint));
}
