import { Link } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { PixImage } from "../../components/PixImage.tsx";
import { TierBadge } from "../../components/TierBadge.tsx";
import { ui } from "../../components/ui.ts";

export function OwnedPixCard({ nft }: { nft: Nft }) {
  const name = nft.customName || nft.name || `Pix #${nft.tokenId}`;
  return (
    <Link
      to={`/owned-pix/${nft.tokenId}`}
      className="flex flex-col gap-2 rounded-lg border border-neutral-200 bg-white p-2 hover:border-violet-500 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <PixImage nft={nft} />
      <span className="truncate text-sm font-semibold">{name}</span>
      <span className={`text-xs ${ui.muted}`}>Token #{nft.tokenId}</span>
      <span className="flex flex-wrap gap-1">
        <TierBadge rarity={nft.rarity} />
        <span className="inline-flex items-center rounded-full bg-sky-800 px-2 py-0.5 text-xs font-semibold text-white">On-Chain</span>
      </span>
    </Link>
  );
}
