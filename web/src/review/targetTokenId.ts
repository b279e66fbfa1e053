import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";

export type TargetTokenIdCheck = { ok: true; tokenId: number } | { ok: false; empty: boolean; title: string; description: string };

/**
 * The approve dialog's Target Token ID (docs/map.md#validation): empty is "Missing Information", anything
 * but a whole number 1..9999 is "Invalid token ID".
 */
export function checkTargetTokenId(raw: string): TargetTokenIdCheck {
  const text = raw.trim();
  if (text === "") return { ok: false, empty: true, title: "Missing Information", description: "Please provide a target token ID." };
  const id = /^[0-9]{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!isValidTokenId(id)) {
    return {
      ok: false,
      empty: false,
      title: "Invalid token ID",
      description: `Invalid token ID. Must be between ${COLLECTION.firstTokenId} and ${COLLECTION.totalSupply}`,
    };
  }
  return { ok: true, tokenId: id };
}
