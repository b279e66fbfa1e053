import type { Nft } from "@pixlings/shared/http/nfts";
import { ui } from "../components/ui.ts";

/** Artist Pix are read-only: the artist's own name and words. */
export function ArtistStory({ nft }: { nft: Nft }) {
  const artistName = nft.artist?.name ?? nft.artistName;
  return (
    <div className="flex flex-col gap-2">
      <p className="inline-flex w-fit items-center rounded-full bg-red-700 px-3 py-1 text-xs font-semibold text-white">Authentic Artist Creation</p>
      <p className="font-semibold">{nft.name}</p>
      {artistName && <p className={`text-sm ${ui.muted}`}>by {artistName}</p>}
      <p className="text-sm whitespace-pre-line">{nft.customDescription || nft.description}</p>
      <p className={`text-xs ${ui.muted}`}>Artist pieces keep the artist's own name and story; they cannot be renamed.</p>
    </div>
  );
}
