import { FREEMINT_CODE_PREFIX, normalizeFreemintCode } from "@pixlings/shared/freemintCode";
import type { FreemintCardType } from "@pixlings/shared/http/checkout";

export type CodeCheck = { ok: true; code: string } | { ok: false; message: string };

/**
 * A freemint code as typed, checked before asking the server (`normalizeFreemintCode`: any case,
 * spaces and dashes anywhere, the prefix optional; 16 characters, or 8 for the first cards).
 */
export function checkFreemintCode(input: string): CodeCheck {
  if (input.trim() === "") return { ok: false, message: "Enter the code printed on your freemint card." };
  const code = normalizeFreemintCode(input);
  if (code !== undefined) return { ok: true, code };
  return {
    ok: false,
    message: `That is not a freemint code: codes look like ${FREEMINT_CODE_PREFIX}XXXX-XXXX-XXXX-XXXX, letters and digits (no 0, O, 1, I or L).`,
  };
}

/** "3-Pix card". */
export const cardTypeLabel = (cardType: FreemintCardType): string => `${cardType.replace("pix", "")}-Pix card`;
