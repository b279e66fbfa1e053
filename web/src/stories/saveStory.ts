import type { Nft } from "@pixlings/shared/http/nfts";
import type { UpdatePixStoryRequest } from "@pixlings/shared/http/owners";
import { apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";

/** `PATCH /api/owner/pixlings/{tokenId}`; every view of that Pix (owned lists, its page, the catalogue) then shows the new text. */
export async function saveStory(tokenId: number, request: UpdatePixStoryRequest): Promise<Nft> {
  const nft = await apiRequest<Nft>(`/api/owner/pixlings/${tokenId}`, { method: "PATCH", body: request });
  queryClient.setQueryData(queries.token(tokenId).queryKey, (old: Nft | undefined) => (old ? { ...old, ...pickStory(nft) } : old));
  await Promise.all([queryClient.invalidateQueries({ queryKey: ["owner"] }), queryClient.invalidateQueries({ queryKey: ["nfts"] })]);
  return nft;
}

function pickStory(nft: Nft): Pick<Nft, "customName" | "customDescription"> {
  return { customName: nft.customName, customDescription: nft.customDescription };
}
