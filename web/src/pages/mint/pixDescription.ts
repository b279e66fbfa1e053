import type { Nft } from "@pixlings/shared/http/nfts";

/** The spec's text for an Artist piece with no words of its own. */
export const ARTIST_DEFAULT_TEXT = "A one-of-a-kind piece made by an artist for the Pixlings collection.";

/**
 * The words under a Pix: its owner's story when there is one; for an Artist piece, the artist's
 * own description (from their approved submission), else the spec's default text (the catalogue's
 * generated line is not the artist's); for the others, the catalogue's description.
 */
export function pixDescription(nft: Pick<Nft, "rarity" | "description" | "customDescription" | "descriptionByArtist">): string {
  if (nft.customDescription) return nft.customDescription;
  if (nft.rarity !== "Artist") return nft.description;
  return nft.descriptionByArtist && nft.description.trim() !== "" ? nft.description : ARTIST_DEFAULT_TEXT;
}
