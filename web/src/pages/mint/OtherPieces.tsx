import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { queries } from "../../api/queries.ts";
import { PixCard } from "../../components/PixCard.tsx";
import { ui } from "../../components/ui.ts";

const SHOWN = 6;
const VIEW_ALL_ABOVE = 7;

/** "Other pieces by {artist}": up to 6, and "View all" (Browse narrowed to this artist, sold pieces included: the N it names) when the artist has more than 7. */
export function OtherPieces({ nft }: { nft: Nft }) {
  const artistId = nft.artistId ?? 0;
  const pieces = useQuery({ ...queries.byArtist(artistId), enabled: nft.rarity === "Artist" && nft.artistId !== null });
  const others = (pieces.data ?? []).filter((piece) => piece.tokenId !== nft.tokenId);
  if (others.length === 0) return null;
  const artist = nft.artist?.name ?? nft.artistName ?? "this artist";
  const total = pieces.data?.length ?? 0;
  return (
    <section aria-labelledby="other-pieces" className="mt-12">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="other-pieces" className="text-xl font-bold">
          Other pieces by {artist}
        </h2>
        {total > VIEW_ALL_ABOVE && (
          <Link to={`/browse?artist=${artistId}&sold=include`} className={ui.secondary}>
            View all {total} pieces
          </Link>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {others.slice(0, SHOWN).map((piece) => (
          <PixCard key={piece.tokenId} nft={piece} compact />
        ))}
      </div>
    </section>
  );
}
