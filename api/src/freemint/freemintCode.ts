import { randomInt } from "node:crypto";
import { COLLECTION } from "@pixlings/shared/collection";
import { FREEMINT_CODE_ALPHABET, FREEMINT_CODE_LENGTH } from "@pixlings/shared/http/checkout";

/** A new freemint code, `PIXLINGS-` and 8 characters from a cryptographic random source (31^8 codes). */
export function newFreemintCode(): string {
  let tail = "";
  for (let i = 0; i < FREEMINT_CODE_LENGTH; i++) tail += FREEMINT_CODE_ALPHABET[randomInt(FREEMINT_CODE_ALPHABET.length)];
  return `${COLLECTION.slug.toUpperCase()}-${tail}`;
}

/** A code as typed (spaces, lower case) in the form it is stored. */
export const normalizeFreemintCode = (raw: string): string => raw.trim().toUpperCase();
