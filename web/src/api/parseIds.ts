import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";

/** A token id from a route segment ("12"), or undefined when it is not an id 1..9999. */
export function parseTokenId(raw: string | undefined): number | undefined {
  if (!raw || !/^[0-9]{1,5}$/.test(raw)) return undefined;
  const id = Number(raw);
  return isValidTokenId(id) ? id : undefined;
}

/** ?tokenIds=1,2,3: the valid ids, unique, in order, at most a cart's worth; [] when none. */
export function parseTokenIdList(raw: string | null): number[] {
  if (!raw) return [];
  const ids: number[] = [];
  for (const part of raw.split(",")) {
    const id = parseTokenId(part.trim());
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, COLLECTION.maxCart);
}
