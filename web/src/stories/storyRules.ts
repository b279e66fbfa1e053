import type { Nft } from "@pixlings/shared/http/nfts";
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_NAME_MAX, type UpdatePixStoryRequest } from "@pixlings/shared/http/owners";

/** "12/50 characters": counted as the API counts (UTF-16 code units, like zod's max). */
export function characterCount(text: string, max: number): string {
  return `${text.length}/${max} characters`;
}

/** Artist Pix keep the artist's name and story: nobody edits them. */
export function isArtistPix(nft: Pick<Nft, "isArtistPiece" | "rarity">): boolean {
  return nft.isArtistPiece || nft.rarity === "Artist";
}

export type StoryDraft = { name: string; story: string };

export type StoryCheck = { ok: true; request: UpdatePixStoryRequest } | { ok: false; nameError: string | null; storyError: string | null };

/** The fields as the form starts: the Pix's current custom name and story. */
export function draftOf(nft: Pick<Nft, "customName" | "customDescription">): StoryDraft {
  return { name: nft.customName ?? "", story: nft.customDescription ?? "" };
}

/**
 * Checks the limits (docs/map.md#validation) and builds the PATCH body: trimmed text, empty sent as null.
 * Markup and control characters are the API's to refuse; it answers 400 with its message.
 */
export function checkStory(draft: StoryDraft, walletAddress: string | null): StoryCheck {
  const name = draft.name.trim();
  const story = draft.story.trim();
  const nameError = name.length > CUSTOM_NAME_MAX ? `The name can have at most ${CUSTOM_NAME_MAX} characters.` : null;
  const storyError = story.length > CUSTOM_DESCRIPTION_MAX ? `The story can have at most ${CUSTOM_DESCRIPTION_MAX} characters.` : null;
  if (nameError || storyError) return { ok: false, nameError, storyError };
  return {
    ok: true,
    request: { customName: name || null, customDescription: story || null, ...(walletAddress ? { walletAddress } : {}) },
  };
}

/** A story worth the "Has a story" marker: non-blank custom text. */
export function hasStory(nft: Pick<Nft, "customDescription">): boolean {
  return Boolean(nft.customDescription?.trim());
}

/** The summary card's story figures: how many have one, and that share of all, in whole percent. */
export function storyStats(nfts: readonly Pick<Nft, "customDescription">[]): { withStories: number; percentComplete: number } {
  const withStories = nfts.filter(hasStory).length;
  return { withStories, percentComplete: nfts.length === 0 ? 0 : Math.round((withStories / nfts.length) * 100) };
}
