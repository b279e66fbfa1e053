import type { UseQueryResult } from "@tanstack/react-query";
import type { Nft } from "@pixlings/shared/http/nfts";
import { ApiError } from "../api/apiClient.ts";
import { displayName } from "../cart/addToCart.ts";
import { PixImage } from "../components/PixImage.tsx";
import { TierBadge } from "../components/TierBadge.tsx";
import { ui } from "../components/ui.ts";
import { loadErrorMessage } from "../errors/loadErrorMessage.ts";
import { formatDateTime } from "../format/format.ts";
import { isHeldUntilDone } from "@pixlings/shared/http/nfts";

/** Whether the Pix can take the new art, as far as the page knows (the API checks every chain again). */
export function targetBlocker(nft: Pick<Nft, "isMinted" | "tokenId">): string | null {
  return nft.isMinted ? `Pix #${nft.tokenId} is already minted: its art can no longer change.` : null;
}

/** The live preview of the target Pix (docs/map.md#admin-area): image, name, rarity, token number; "Replacing Artist Piece"; "No NFT found". */
export function TargetPreview({ tokenId, token }: { tokenId: number; token: UseQueryResult<Nft> }) {
  if (token.isLoading) return <p className={`text-sm ${ui.muted}`}>Looking up Pix #{tokenId}...</p>;
  if (token.error) {
    const missing = token.error instanceof ApiError && token.error.status === 404;
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-200">
        {missing ? `No NFT found with token ID ${tokenId}` : loadErrorMessage(token.error)}
      </p>
    );
  }
  if (!token.data) return null;
  const nft = token.data;
  const blocker = targetBlocker(nft);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3 rounded-lg border border-neutral-200 p-2 dark:border-neutral-700">
        <div className="w-16 shrink-0">
          <PixImage nft={nft} size={64} eager />
        </div>
        <div className="min-w-0">
          <p className="truncate font-semibold">{displayName(nft)}</p>
          <p className={`text-xs ${ui.muted}`}>Token #{nft.tokenId}</p>
          <TierBadge rarity={nft.rarity} />
        </div>
      </div>
      {nft.rarity === "Artist" && (
        <p role="note" className="rounded-md bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          <span className="font-semibold">Replacing Artist Piece:</span> this Pix is one of the collection's Artist pieces
          {nft.artistName ? ` by ${nft.artistName}` : ""}.
        </p>
      )}
      {blocker && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {blocker}
        </p>
      )}
      {!blocker && nft.reservedUntil && (
        <p className="text-sm text-amber-900 dark:text-amber-200">
          {isHeldUntilDone(nft.reservedUntil)
            ? "This Pix is on hold while an order or a replacement is completed: the API refuses to replace it until then."
            : `A buyer holds this Pix until ${formatDateTime(nft.reservedUntil)}: the API refuses to replace it until then.`}
        </p>
      )}
    </div>
  );
}
