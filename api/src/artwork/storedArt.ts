import { bytesToHex, hexToBytes, type Hex } from "viem";
import { canonicalize, colorCount, type Art } from "@pixlings/shared/art/codec";
import { symmetryOf, type Symmetry } from "@pixlings/shared/art/symmetry";

/** A piece as the API's tables store it: canonical palette (24-bit RGB) and the 81 indices as hex. */
export interface StoredArt {
  palette: number[];
  pixels: string;
}

/** The columns a piece fills, with the traits read from it. */
export function toStored(art: Art): StoredArt & { colorCount: number; symmetry: Symmetry } {
  const canonical = canonicalize(art);
  return { palette: canonical.palette, pixels: bytesToHex(canonical.pixels), colorCount: colorCount(canonical), symmetry: symmetryOf(canonical.pixels) };
}

export function fromStored(stored: StoredArt): Art {
  return { palette: stored.palette, pixels: hexToBytes(stored.pixels as Hex) };
}

/** Whether two pieces show the same picture (palette order aside). */
export function sameArt(a: Art, b: Art): boolean {
  const x = canonicalize(a);
  const y = canonicalize(b);
  return x.palette.length === y.palette.length && x.palette.every((rgb, i) => rgb === y.palette[i]) && x.pixels.every((p, i) => p === y.pixels[i]);
}
