import type { Nft } from "@pixlings/shared/http/nfts";
import { ApiError } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { toast } from "../toast/toastStore.ts";
import { cartUpdateNotice, findUnavailable } from "./findUnavailable.ts";
import { useCart } from "./useCart.ts";

/**
 * Drops cart items that can no longer be bought (minted by you or anyone, or unknown), per
 * GET /api/nfts/token/{id}, with the "Cart Updated" notice. Lookup failures are only logged.
 */
export async function checkCartAvailability(wallet: string | undefined): Promise<void> {
  const items = useCart.getState().items;
  if (items.length === 0) return;
  const tokens = new Map<number, Nft | null>();
  await Promise.all(
    items.map(async ({ nft }) => {
      try {
        tokens.set(nft.tokenId, await queryClient.fetchQuery({ ...queries.token(nft.tokenId), staleTime: 0 }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) tokens.set(nft.tokenId, null);
        else console.warn(`Ownership check failed for Pix #${nft.tokenId}`, error);
      }
    }),
  );
  const unavailable = findUnavailable(items, tokens, wallet);
  useCart.getState().removeMany([...unavailable.owned, ...unavailable.gone]);
  const notice = cartUpdateNotice(unavailable);
  if (notice) toast(notice);
}
