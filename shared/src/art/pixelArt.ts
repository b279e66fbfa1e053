import { CELL_COUNT, COLLECTION } from "../collection.ts";
import type { PixelArt } from "../http/submissions.ts";
import { canonicalize, type Art } from "./codec.ts";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** `#rrggbb` (lower case) of a 24-bit RGB colour. */
export const colourHex = (rgb: number): string => `#${rgb.toString(16).padStart(6, "0")}`;

/** The HTTP form of a piece (PixelArt): canonical palette as `#rrggbb`, 81 indices. */
export function toPixelArt(art: Art): PixelArt {
  const canonical = canonicalize(art);
  return { palette: canonical.palette.map(colourHex), pixels: Array.from(canonical.pixels) };
}

/**
 * A piece from its HTTP form, canonical (palette by use, unused colours dropped), or the reason it
 * is not one: 1..16 distinct `#rrggbb` colours, exactly 81 integer indices into them.
 */
export function fromPixelArt(input: PixelArt): Art | { problem: string } {
  const { palette, pixels } = input;
  if (!Array.isArray(palette) || palette.length < 1 || palette.length > COLLECTION.maxColors) {
    return { problem: `palette must list 1 to ${COLLECTION.maxColors} colours` };
  }
  if (!palette.every((colour) => typeof colour === "string" && HEX_COLOUR.test(colour))) return { problem: "palette colours must be #rrggbb" };
  const rgb = palette.map((colour) => Number.parseInt(colour.slice(1), 16));
  if (new Set(rgb).size !== rgb.length) return { problem: "palette colours must be distinct" };
  if (!Array.isArray(pixels) || pixels.length !== CELL_COUNT) return { problem: `pixels must list exactly ${CELL_COUNT} palette indices` };
  if (!pixels.every((p) => Number.isInteger(p) && p >= 0 && p < rgb.length)) return { problem: `pixels must be whole numbers 0..${rgb.length - 1}` };
  return canonicalize({ palette: rgb, pixels: Uint8Array.from(pixels) });
}
