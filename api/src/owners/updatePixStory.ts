import type { Nft } from "@pixlings/shared/http/nfts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError, notFound } from "../http/HttpError.ts";
import type { Market } from "../market/market.ts";
import { toNft } from "../nfts/toNft.ts";
import { saveStory } from "./saveStory.ts";

export interface UpdatePixStoryParameters {
  tokenId: number;
  /** Wallets the user acts for (its session's and linked ones); checksummed. */
  wallets: readonly string[];
  /** undefined leaves a field as it is; null clears it. */
  customName: string | null | undefined;
  customDescription: string | null | undefined;
}

/**
 * Sets a Pix's custom name and story when one of `wallets` owns it now on its chain (from the
 * indexer's data): 404 unknown Pix, 403 Artist Pix or not the owner. Answers the updated Pix.
 */
export async function updatePixStory(db: Db, market: Market, parameters: UpdatePixStoryParameters): Promise<Nft> {
  const { tokenId, wallets, customName, customDescription } = parameters;
  const before = toNft(await market.state(), tokenId);
  if (!before) throw notFound(`Pix #${tokenId} doesn't exist`);
  if (before.isArtistPiece) throw new HttpError(403, "Artist Pix keep their artist's name and story: they cannot be edited");
  const owner = before.walletOwner?.toLowerCase();
  if (!owner || !wallets.some((wallet) => wallet.toLowerCase() === owner)) {
    throw new HttpError(403, `Only the owner of Pix #${tokenId} may edit its name and story (sign in with, or link, the wallet that holds it)`);
  }
  const changes = {
    ...(customName === undefined ? {} : { customName }),
    ...(customDescription === undefined ? {} : { customDescription }),
  };
  if (Object.keys(changes).length > 0) {
    await saveStory(db, tokenId, changes);
    market.invalidateCatalogue();
  }
  const after = toNft(await market.state(), tokenId);
  if (!after) throw notFound(`Pix #${tokenId} doesn't exist`);
  return after;
}
