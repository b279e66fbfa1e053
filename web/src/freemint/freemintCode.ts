import { COLLECTION } from "@pixlings/shared/collection";
import { FREEMINT_CODE_ALPHABET, FREEMINT_CODE_LENGTH, FREEMINT_CODE_PATTERN, type FreemintCardType } from "@pixlings/shared/http/checkout";

export type CodeCheck = { ok: true; code: string } | { ok: false; message: string };

const PREFIX = `${COLLECTION.slug.toUpperCase()}-`;
/** The code's own characters, typed without the prefix. */
const BARE_CODE = new RegExp(`^[${FREEMINT_CODE_ALPHABET}]{${FREEMINT_CODE_LENGTH}}$`);

/**
 * A freemint code as typed, checked before asking the server: upper-cased, spaces dropped, the
 * prefix added when only the 8 characters were typed, then FREEMINT_CODE_PATTERN.
 */
export function checkFreemintCode(input: string): CodeCheck {
  let code = input.replace(/\s+/g, "").toUpperCase();
  if (code === "") return { ok: false, message: "Enter the code printed on your freemint card." };
  if (BARE_CODE.test(code)) code = `${PREFIX}${code}`;
  if (FREEMINT_CODE_PATTERN.test(code)) return { ok: true, code };
  return {
    ok: false,
    message: `That is not a freemint code: codes look like ${PREFIX}XXXXXXXX, 8 letters and digits after the dash (no 0, O, 1, I or L).`,
  };
}

/** "3-Pix card". */
export const cardTypeLabel = (cardType: FreemintCardType): string => `${cardType.replace("pix", "")}-Pix card`;
