import { CHAINS, isChainId } from "@pixlings/shared/chains";
import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";
import { pixDisplayName, type Nft } from "@pixlings/shared/http/nfts";
import { appRouteOf, tabTitle } from "@pixlings/shared/routes";
import type { Market } from "../market/market.ts";
import { toNft } from "../nfts/toNft.ts";
import { SHARE_CARD } from "./shareCard.ts";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** "0x1234...abcd", as the web app shortens addresses (the spec's format). */
const shortAddress = (address: string): string => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** Who has the Pix, in a few words: a wallet (shortened), its card buyer (never named), or whether it can be bought. */
function standing(nft: Nft): string {
  if (nft.ownerType === "card") return "Held for a card buyer";
  if (nft.isMinted) {
    const chain = nft.mintedOnChain !== null && isChainId(nft.mintedOnChain) ? ` on ${CHAINS[nft.mintedOnChain].chain.name}` : "";
    return nft.walletOwner ? `Owned by ${shortAddress(nft.walletOwner)}${chain}` : `Sold${chain}`;
  }
  return nft.reservedUntil ? "Reserved: a sale in progress" : "Available";
}

/** What a link preview of the Pix's page says, and its picture, as `<title>` and meta tags. */
export function shareTags(nft: Nft, origin: string): { title: string; meta: string } {
  const name = pixDisplayName(nft);
  const byArtist = nft.artistName ? ` by ${nft.artistName}` : "";
  const description = `${nft.rarity} ${COLLECTION.itemName} #${nft.tokenId}${byArtist}. ${standing(nft)}.`;
  const version = /[?&]v=(\d+)/.exec(nft.imageUrl)?.[1];
  const image = `${origin}/og/pix/${nft.tokenId}.png${version ? `?v=${version}` : ""}`;
  const tags: [string, string, string][] = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", COLLECTION.name],
    ["property", "og:title", name],
    ["property", "og:description", description],
    ["property", "og:url", `${origin}/mint/${nft.tokenId}`],
    ["property", "og:image", image],
    ["property", "og:image:type", "image/png"],
    ["property", "og:image:width", String(SHARE_CARD.width)],
    ["property", "og:image:height", String(SHARE_CARD.height)],
    ["property", "og:image:alt", `${name}: a 9x9 pixel-art ${COLLECTION.itemName}`],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", name],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
    ["name", "twitter:image:alt", `${name}: a 9x9 pixel-art ${COLLECTION.itemName}`],
  ];
  return {
    title: escapeHtml(tabTitle(name)),
    meta: tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`).join("\n    "),
  };
}

/** The share tags of a path: a Pix's page (`/mint/{id}`, `/nft/{id}`) with a valid id the catalogue has, else none. */
export type PageTags = (pathname: string) => Promise<{ title: string; meta: string } | undefined>;

/**
 * The tags for Pix pages, from the market view (`origin`: the site's, so the links are absolute).
 * Any other path, a malformed or unknown id, or a market that cannot answer gets none: the page
 * is still served.
 */
export function shareMeta({ market, origin }: { market: Market; origin: string }): PageTags {
  return async (pathname) => {
    const route = appRouteOf(pathname);
    if (route !== "mint" && route !== "nft") return undefined;
    const segment = pathname.split("/").filter(Boolean)[1] ?? "";
    const tokenId = /^[1-9][0-9]{0,4}$/.test(segment) ? Number(segment) : undefined;
    if (tokenId === undefined || !isValidTokenId(tokenId)) return undefined;
    try {
      const nft = toNft(await market.state(), tokenId);
      return nft && shareTags(nft, origin);
    } catch {
      // The indexer or the database is away: the page works without a preview.
      return undefined;
    }
  };
}
