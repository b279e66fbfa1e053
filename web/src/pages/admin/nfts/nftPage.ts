import type { AdminNft } from "@pixlings/shared/http/admin";
import { ADMIN_NFT_PAGE_SIZE } from "../../../api/adminQueries.ts";

export type NftFilter = "all" | "unsold" | "sold" | "artist";

/**
 * One page of the admin's NFT grid: the Pix matching the filter and the search (a token id, or
 * words of the name, custom name or artist), 100 a page, the page clamped to 1..last.
 */
export function nftPage(
  nfts: readonly AdminNft[],
  options: { search: string; filter: NftFilter; page: number },
): { items: AdminNft[]; page: number; totalPages: number; total: number } {
  const search = options.search.trim().toLowerCase();
  const id = /^#?\d{1,5}$/.test(search) ? Number(search.replace("#", "")) : undefined;
  const matches = nfts.filter((nft) => {
    if (options.filter === "unsold" && nft.isSold) return false;
    if (options.filter === "sold" && !nft.isSold) return false;
    if (options.filter === "artist" && nft.rarity !== "Artist") return false;
    if (!search) return true;
    if (id !== undefined) return nft.tokenId === id;
    return [nft.name, nft.customName, nft.artistName].some((text) => text?.toLowerCase().includes(search));
  });
  const totalPages = Math.max(1, Math.ceil(matches.length / ADMIN_NFT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page)), totalPages);
  return { items: matches.slice((page - 1) * ADMIN_NFT_PAGE_SIZE, page * ADMIN_NFT_PAGE_SIZE), page, totalPages, total: matches.length };
}
