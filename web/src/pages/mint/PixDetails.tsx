import type { Nft } from "@pixlings/shared/http/nfts";
import { displayName } from "../../cart/addToCart.ts";
import { PixImage } from "../../components/PixImage.tsx";
import { TierBadge } from "../../components/TierBadge.tsx";
import { ui } from "../../components/ui.ts";
import { pixDescription } from "./pixDescription.ts";
import { SharePix } from "./SharePix.tsx";

/** Image, name, token number, tier badge, and the artist credit or the traits. */
export function PixDetails({ nft }: { nft: Nft }) {
  const artistName = nft.artist?.name ?? nft.artistName;
  return (
    <section aria-labelledby="pix-name" className={`${ui.card} flex flex-col gap-4`}>
      <PixImage nft={nft} eager />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="pix-name" className="text-2xl font-extrabold">
          {displayName(nft)}
        </h1>
        <TierBadge rarity={nft.rarity} label={nft.isArtistPiece ? "Artist" : nft.rarity} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={`text-sm ${ui.muted}`}>Token #{nft.tokenId}</p>
        <SharePix nft={nft} />
      </div>
      {nft.rarity === "Artist" ? (
        <div className="flex flex-col gap-1">
          {artistName && (
            <p className="font-medium">
              Created by{" "}
              {nft.artist?.website ? (
                <a href={nft.artist.website} target="_blank" rel="noreferrer" className={ui.link}>
                  {artistName}
                </a>
              ) : (
                artistName
              )}
            </p>
          )}
          <p className={`text-sm ${ui.muted}`} data-testid="pix-description">
            {pixDescription(nft)}
          </p>
        </div>
      ) : (
        <>
          <p className={`text-sm ${ui.muted}`} data-testid="pix-description">
            {pixDescription(nft)}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-md bg-neutral-100 p-2 dark:bg-neutral-800">
              <dt className={ui.muted}>Colors</dt>
              <dd className="font-semibold">{nft.colorCount}</dd>
            </div>
            <div className="rounded-md bg-neutral-100 p-2 dark:bg-neutral-800">
              <dt className={ui.muted}>Symmetry</dt>
              <dd className="font-semibold capitalize">{nft.symmetryType || "None"}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
