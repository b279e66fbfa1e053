import { randomInt } from "node:crypto";
import { formatFreemintCode } from "@pixlings/shared/freemintCode";
import { FREEMINT_CODE_ALPHABET, FREEMINT_CODE_GROUP_LENGTH, FREEMINT_CODE_GROUPS } from "@pixlings/shared/http/checkout";

/** A new freemint code from a cryptographic random source: 16 characters of 31 (about 79 bits), `PIXLINGS-ABCD-EFGH-JKMN-PQRS`. */
export function newFreemintCode(): string {
  let characters = "";
  for (let i = 0; i < FREEMINT_CODE_GROUPS * FREEMINT_CODE_GROUP_LENGTH; i++) characters += FREEMINT_CODE_ALPHABET[randomInt(FREEMINT_CODE_ALPHABET.length)];
  return formatFreemintCode(characters);
}
