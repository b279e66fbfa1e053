import { COLLECTION } from "./collection.ts";
import { FREEMINT_CODE_ALPHABET, FREEMINT_CODE_GROUP_LENGTH, FREEMINT_CODE_GROUPS, FREEMINT_OLD_CODE_LENGTH } from "./http/checkout.ts";

/** What every freemint code starts with: `PIXLINGS-`. */
export const FREEMINT_CODE_PREFIX = `${COLLECTION.slug.toUpperCase()}-`;

const ALPHABET = new RegExp(`^[${FREEMINT_CODE_ALPHABET}]+$`);
const NEW_LENGTH = FREEMINT_CODE_GROUPS * FREEMINT_CODE_GROUP_LENGTH;

/** A new code's characters (16 of the alphabet) as it is printed and stored: `PIXLINGS-ABCD-EFGH-JKMN-PQRS`. */
export function formatFreemintCode(characters: string): string {
  const groups = Array.from({ length: FREEMINT_CODE_GROUPS }, (_, i) => characters.slice(i * FREEMINT_CODE_GROUP_LENGTH, (i + 1) * FREEMINT_CODE_GROUP_LENGTH));
  return `${FREEMINT_CODE_PREFIX}${groups.join("-")}`;
}

/**
 * A code as typed, in the form it is stored, or undefined when it cannot be one: any case, spaces
 * and dashes anywhere, with or without the prefix; 16 characters (a new code) or 8 (an old one).
 */
export function normalizeFreemintCode(typed: string): string | undefined {
  let characters = typed.toUpperCase().replace(/[\s-]+/g, "");
  // The prefix has letters the alphabet leaves out (I, L): no code's own characters start with it.
  const prefix = FREEMINT_CODE_PREFIX.replace("-", "");
  if (characters.startsWith(prefix)) characters = characters.slice(prefix.length);
  if (!ALPHABET.test(characters)) return undefined;
  if (characters.length === NEW_LENGTH) return formatFreemintCode(characters);
  if (characters.length === FREEMINT_OLD_CODE_LENGTH) return `${FREEMINT_CODE_PREFIX}${characters}`;
  return undefined;
}
