import { eq } from "drizzle-orm";
import { parseEther } from "viem";
import type { AdminNft, UpdateNftRequest } from "@pixlings/shared/http/admin";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { Db } from "../db/openDatabase.ts";
import { artists } from "../db/tables/catalogue.ts";
import { saveCatalogueEdit, type CatalogueChanges } from "../catalogue/saveCatalogueEdit.ts";
import { badRequest, CodedError, notFound } from "../http/HttpError.ts";
import type { Market } from "../market/market.ts";
import { toNft } from "../nfts/toNft.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { liveReplacements } from "./liveReplacements.ts";
import { recordAudit } from "../audit/recordAudit.ts";

/** The admin's view of a Pix: sold (minted, or bought by card) Pix are locked. */
export function toAdminNft(nft: Nft, replacement: AdminNft["replacement"]): AdminNft {
  return { ...nft, isSold: nft.isMinted || nft.cardPurchasedBy !== null, replacement };
}

const samePrice = (a: string, b: string): boolean => {
  try {
    return parseEther(a) === parseEther(b);
  } catch {
    return false;
  }
};
const path = (url: string): string => url.split("?")[0] ?? url;

/** The on-chain fields a request would change (it may send them unchanged, as a whole form does). */
function onchainChanges(nft: Nft, request: UpdateNftRequest): string[] {
  return [
    ...(request.rarity !== undefined && request.rarity !== nft.rarity ? ["rarity"] : []),
    ...(request.mintPrice !== undefined && !samePrice(request.mintPrice, nft.mintPrice) ? ["mintPrice"] : []),
    ...(request.isArtistPiece !== undefined && request.isArtistPiece !== nft.isArtistPiece ? ["isArtistPiece"] : []),
    ...(request.imageUrl !== undefined && path(request.imageUrl) !== path(nft.imageUrl) ? ["imageUrl"] : []),
  ];
}

/**
 * An admin's edit of a Pix's off-chain fields (custom name and description, the artist credited):
 * 404 unknown, 409 `pix_sold` once sold, 409 `replacement_in_progress` while its art is being
 * replaced, 422 `onchain_field` for a changed tier, price, artist-piece flag or image (those live
 * on-chain), 400/404 for an artist on a non-Artist Pix or an unknown artist. Answers the AdminNft.
 */
export async function updateNft(db: Db, market: Market, admin: SessionUser, tokenId: number, request: UpdateNftRequest): Promise<AdminNft> {
  const nft = toNft(await market.state(), tokenId);
  if (!nft) throw notFound(`No NFT found with token ID ${tokenId}`);
  if (nft.isMinted || nft.cardPurchasedBy !== null)
    throw new CodedError(`Pix #${tokenId} is sold: its name, description and artist are locked`, { code: "pix_sold", tokenId });
  const live = (await liveReplacements(db, tokenId)).get(tokenId);
  if (live) {
    throw new CodedError(`Pix #${tokenId}'s art is being replaced (submission ${live.submissionId}): edit it once that is done`, {
      code: "replacement_in_progress",
      tokenId,
      submissionId: live.submissionId,
    });
  }
  const fields = onchainChanges(nft, request);
  if (fields.length > 0) {
    throw new CodedError(
      `${fields.join(", ")} live${fields.length === 1 ? "s" : ""} on-chain and cannot be edited here: tier prices change with the operator CLI (npm run admin -- set-prices), art only through a submission's Approve & Replace (or POST /api/admin/upload)`,
      { code: "onchain_field", fields },
    );
  }
  const changes: CatalogueChanges = {};
  if (request.customName !== undefined) changes.customName = request.customName;
  if (request.customDescription !== undefined) changes.customDescription = request.customDescription;
  if (request.artistId !== undefined && request.artistId !== nft.artistId) {
    if (request.artistId !== null) {
      if (nft.rarity !== "Artist") throw badRequest(`Only Artist-tier Pix are credited to an artist here (Pix #${tokenId} is ${nft.rarity})`);
      if ((await db.select({ id: artists.id }).from(artists).where(eq(artists.id, request.artistId))).length === 0) {
        throw notFound(`No artist ${request.artistId}`);
      }
    }
    changes.artistId = request.artistId;
    changes.curatedAt = new Date();
  }
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      await saveCatalogueEdit(tx, { tokenId }, changes);
      await recordAudit(tx, admin, {
        action: "nft.update",
        tokenId,
        artistId: changes.artistId ?? null,
        detail: Object.keys(changes)
          .filter((k) => k !== "curatedAt")
          .join(", "),
      });
    });
    market.invalidateCatalogue();
  }
  return toAdminNft(toNft(await market.state(), tokenId)!, null);
}
