import type { Nft, PixHistoryEvent } from "@pixlings/shared/http/nfts";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { chainName } from "../../chains/chainName.ts";
import { shortAddress } from "../../format/format.ts";

/** Who holds a minted Pix, in words: a shortened wallet, or a card buyer (never named). */
export function ownerText(nft: Pick<Nft, "isMinted" | "ownerType" | "walletOwner">): string | undefined {
  if (!nft.isMinted) return undefined;
  if (nft.ownerType === "card") return "Held for a card buyer";
  return nft.walletOwner ? shortAddress(nft.walletOwner) : undefined;
}

export interface Viewer {
  /** The wallet connected in this browser. */
  connected: string | undefined;
  /** The session's wallets: the one it signed in with and every linked one. */
  wallets: readonly (string | null)[];
  /** The Pix custody holds for the signed-in buyer (GET /api/owner/pixlings), when asked. */
  cardPurchases: readonly number[];
}

/** Whether the person looking owns this Pix: its wallet is theirs, or custody holds it for them. */
export function viewerOwns(nft: Pick<Nft, "tokenId" | "isMinted" | "ownerType" | "walletOwner">, viewer: Viewer): boolean {
  if (!nft.isMinted) return false;
  if (nft.ownerType === "card") return viewer.cardPurchases.includes(nft.tokenId);
  const owner = nft.walletOwner?.toLowerCase();
  return owner !== undefined && [viewer.connected, ...viewer.wallets].some((wallet) => wallet?.toLowerCase() === owner);
}

/** One history line: what happened, on which chain. */
export function historyText(event: PixHistoryEvent, chains: readonly ChainInfo[] | undefined): string {
  const chain = chainName(event.chainId, chains);
  const who = (address: string | null, custody: boolean): string => (custody ? "the shop's custody" : address ? shortAddress(address) : "nobody");
  switch (event.kind) {
    case "minted":
      return event.toCustody ? `Minted for a card buyer on ${chain}, held for them by the shop` : `Minted to ${who(event.to, false)} on ${chain}`;
    case "moved":
      return event.fromCustody
        ? `Moved to the buyer's wallet ${who(event.to, event.toCustody)} (Mint to Wallet)`
        : `Moved from ${who(event.from, event.fromCustody)} to ${who(event.to, event.toCustody)}`;
    case "art-replaced":
      return `Art replaced on ${chain} by an approved artist submission`;
  }
}

/**
 * Whether the history (read fresh from the indexer) names a holder the Pix's own answer does not have
 * yet: the API serves the Pix from its mirror of the indexer, which follows a moment later. Only a
 * holder the history is ahead on counts; art replacements do not move a Pix.
 */
export function historyAhead(nft: Pick<Nft, "isMinted" | "mintedOnChain" | "ownerType" | "walletOwner">, events: readonly PixHistoryEvent[]): boolean {
  const last = events.findLast((event) => event.kind !== "art-replaced");
  if (!last) return false;
  if (!nft.isMinted) return true;
  if (last.chainId !== nft.mintedOnChain) return false;
  const walletIsLast = nft.walletOwner !== null && nft.walletOwner.toLowerCase() === last.to?.toLowerCase();
  // Custody holds it: for a card buyer (no wallet named), or a wallet answer naming custody itself.
  if (last.toCustody) return nft.ownerType !== "card" && !walletIsLast;
  return nft.ownerType !== "wallet" || !walletIsLast;
}
