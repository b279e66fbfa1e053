import type { AdminNft, UpdateNftRequest } from "@pixlings/shared/http/admin";
import type { FormCheck } from "../components/useCheckedSubmit.ts";
import { checkStory } from "../stories/storyRules.ts";

export interface NftDraft {
  customName: string;
  customDescription: string;
  /** "" for no artist. */
  artistId: string;
}

export function draftOfNft(nft: AdminNft): NftDraft {
  return { customName: nft.customName ?? "", customDescription: nft.customDescription ?? "", artistId: nft.artistId === null ? "" : String(nft.artistId) };
}

/**
 * The edit NFT form's PATCH body: only the off-chain fields (name and description within the
 * story limits, blank clears; the artist only on an Artist-tier Pix). Tier and price are on-chain
 * and never sent: the operator CLI changes them.
 */
export function checkNftEdit(nft: AdminNft, draft: NftDraft): FormCheck<UpdateNftRequest> {
  const story = checkStory({ name: draft.customName, story: draft.customDescription }, null);
  if (!story.ok) return { ok: false, error: (story.nameError ?? story.storyError)! };
  const request: UpdateNftRequest = { customName: story.request.customName, customDescription: story.request.customDescription };
  if (nft.rarity === "Artist") request.artistId = draft.artistId === "" ? null : Number(draft.artistId);
  return { ok: true, request };
}
