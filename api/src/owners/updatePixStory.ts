import type { Nft } from "@pixlings/shared/http/nfts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError, notFound } from "../http/HttpError.ts";
import type { Market } from "../market/market.ts";
import { toNft } from "../nfts/toNft.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { ownsPix } from "./ownsPix.ts";
import { saveStory } from "./saveStory.ts";

export interface UpdatePixStoryParameters {
  tokenId: number;
  /** The signed-in user: owns the Pix through a wallet of theirs, or as its card buyer (ownsPix). */
  user: SessionUser;
  /** undefined leaves a field as it is; null clears it. */
  customName: string | null | undefined;
  customDescription: string | null | undefined;
}

/**
 * Sets a Pix's custom name and story when the user owns it now (`ownsPix`: a wallet of theirs on its
 * chain, from the indexer's data, or custody holds it for them): 404 unknown Pix, 403 Artist Pix or
 * not the owner. Answers the updated Pix.
 */
export async function updatePixStory(db: Db, market: Market, parameters: UpdatePixStoryParameters): Promise<Nft> {
  const { tokenId, user, customName, customDescription } = parameters;
  const state = await market.state();
  const before = toNft(state, tokenId);
  if (!before) throw notFound(`Pix #${tokenId} doesn't exist`);
  if (before.isArtistPiece) throw new HttpError(403, "Artist Pix keep their artist's name and story: they cannot be edited");
  if (!ownsPix(state, user, tokenId)) {
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
