import type { Nft } from "@pixlings/shared/http/nfts";

/**
 * The owner-type badge from the data (spec): "On-Chain" for a wallet, "Credit Card" for a card
 * purchase held in custody, "Freemint" for a Pix redeemed with a freemint card (custody holds it
 * the same way: `source` tells them apart), none when unknown.
 */
export function ownerTypeLabel(ownerType: Nft["ownerType"] | "card", source?: "card" | "freemint"): string | null {
  switch (ownerType) {
    case "wallet":
      return "On-Chain";
    case "card":
      return source === "freemint" ? "Freemint" : "Credit Card";
    default:
      return null;
  }
}

/** The line under the title of a Pix custody holds for its buyer, by how the buyer got it. */
export function custodyNote(source: "card" | "freemint", collectionName: string): string {
  const how = source === "freemint" ? "Redeemed with a freemint card" : "Bought by card";
  return `${how}: held for you until you mint it to your wallet from My ${collectionName}.`;
}

/** Each Pix once, in token order (a Pix can come from the connected wallet and from the session's linked wallets). */
export function uniqueByToken(lists: readonly (readonly Nft[])[]): Nft[] {
  const seen = new Map<number, Nft>();
  for (const nft of lists.flat()) if (!seen.has(nft.tokenId)) seen.set(nft.tokenId, nft);
  return [...seen.values()].sort((a, b) => a.tokenId - b.tokenId);
}
