import type { ReactNode } from "react";
import type { Nft } from "@pixlings/shared/http/nfts";

/**
 * A browse tile that flips to minted when the live feed says so (no reload): the card stays in
 * place, greyed and out of reach, with "Minted" over it.
 */
export function LiveTile({ nft, children }: { nft: Nft; children: ReactNode }) {
  if (!nft.isMinted) return children;
  return (
    <div className="relative" data-minted="true">
      <div inert className="opacity-40">
        {children}
      </div>
      <p className="absolute inset-x-2 top-2 rounded-md bg-neutral-900 px-2 py-1 text-center text-xs font-bold text-white dark:bg-neutral-100 dark:text-neutral-900">
        Minted
      </p>
    </div>
  );
}
