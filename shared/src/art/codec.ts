import { CELL_COUNT, COLLECTION } from "../collection.ts";
import { DOMAINS, SYMMETRY, SYMMETRY_BY_CODE, symmetryOf, type Symmetry } from "./symmetry.ts";

/**
 * A piece: up to 16 colours (24-bit RGB) and 81 palette indices, row-major.
 * Canonical form: palette ordered by use (most used first, ties by first appearance), so index 0
 * is the background that the SVG paints as one rect.
 */
export interface Art {
  palette: number[];
  pixels: Uint8Array;
}

/**
 * On-chain layout (the contract reads exactly this):
 *   blob   = [P: palette size 1..255] [P x RGB, 3 bytes each] piece*
 *   piece  = [header: symmetry code << 4 | (colours - 1)] [colours x blob-palette index]
 *            [pixels: the symmetry's stored cells, bitsPerPixel(colours) bits each, MSB first]
 * A chunk blob holds the pieces of consecutive ids; a standalone blob holds one piece whose
 * palette is the blob palette in order.
 */
function bitsPerPixel(colors: number): number {
  return colors <= 1 ? 0 : Math.ceil(Math.log2(colors));
}

function pixelBytes(mode: Symmetry, colors: number): number {
  return Math.ceil((DOMAINS[mode].cells.length * bitsPerPixel(colors)) / 8);
}

export function pieceLength(header: number): number {
  const mode = SYMMETRY_BY_CODE[header >> 4];
  if (!mode) throw new RangeError(`bad symmetry code in header ${header}`);
  const colors = (header & 15) + 1;
  return 1 + colors + pixelBytes(mode, colors);
}

export function validateArt(art: Art): void {
  const { palette, pixels } = art;
  if (palette.length < 1 || palette.length > COLLECTION.maxColors) {
    throw new RangeError(`a piece has 1..${COLLECTION.maxColors} colours, not ${palette.length}`);
  }
  if (pixels.length !== CELL_COUNT) throw new RangeError(`a piece has ${CELL_COUNT} pixels`);
  if (palette.some((c) => !Number.isInteger(c) || c < 0 || c > 0xffffff)) {
    throw new RangeError("colours are 24-bit RGB integers");
  }
  if (pixels.some((p) => p >= palette.length)) throw new RangeError("pixel index outside palette");
}

/** Reorders the palette by use and drops unused colours; equal pictures give equal Art. */
export function canonicalize(art: Art): Art {
  validateArt(art);
  const count = new Map<number, number>();
  const first = new Map<number, number>();
  art.pixels.forEach((p, cell) => {
    const rgb = art.palette[p]!;
    count.set(rgb, (count.get(rgb) ?? 0) + 1);
    if (!first.has(rgb)) first.set(rgb, cell);
  });
  const palette = [...count.keys()].sort((a, b) => count.get(b)! - count.get(a)! || first.get(a)! - first.get(b)!);
  const index = new Map(palette.map((rgb, i) => [rgb, i]));
  const pixels = Uint8Array.from(art.pixels, (p) => index.get(art.palette[p]!)!);
  return { palette, pixels };
}

function writePiece(out: number[], art: Art, paletteIndex: (rgb: number) => number): void {
  const mode = symmetryOf(art.pixels);
  const colors = art.palette.length;
  out.push((SYMMETRY[mode] << 4) | (colors - 1));
  for (const rgb of art.palette) out.push(paletteIndex(rgb));
  const bits = bitsPerPixel(colors);
  const bytes = new Array<number>(pixelBytes(mode, colors)).fill(0);
  DOMAINS[mode].cells.forEach((cell, j) => {
    const value = art.pixels[cell]!;
    for (let k = 0; k < bits; k++) {
      if ((value >> (bits - 1 - k)) & 1) {
        const bit = j * bits + k;
        bytes[bit >> 3]! |= 0x80 >> (bit & 7);
      }
    }
  });
  out.push(...bytes);
}

/** Encodes pieces (canonicalized first) into one blob sharing one palette. */
export function encodeBlob(pieces: readonly Art[]): Uint8Array {
  return encodeBlobAsGiven(pieces.map(canonicalize));
}

/**
 * Encodes pieces as they are, without canonicalizing: palette order kept, unused colours too
 * (colour 0 need not be the most used). The contract accepts such blobs though the storefront
 * never makes them: the gas bench writes its costliest pictures with this. `blobPalette` (distinct
 * colours, every piece colour among them) may list more colours than the pieces use.
 */
export function encodeBlobAsGiven(pieces: readonly Art[], blobPalette?: readonly number[]): Uint8Array {
  pieces.forEach(validateArt);
  const palette = blobPalette ?? [...new Set(pieces.flatMap((a) => a.palette))];
  if (palette.length < 1 || palette.length > 255) throw new RangeError(`a blob holds 1..255 colours, not ${palette.length}`);
  const index = new Map(palette.map((rgb, i) => [rgb, i]));
  if (index.size !== palette.length) throw new RangeError("blob palette colours must be distinct");
  const missing = pieces.flatMap((a) => a.palette).find((rgb) => !index.has(rgb));
  if (missing !== undefined) throw new RangeError(`colour ${missing.toString(16)} is not in the blob palette`);
  const out: number[] = [palette.length];
  for (const rgb of palette) out.push((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255);
  for (const art of pieces) writePiece(out, art, (rgb) => index.get(rgb)!);
  return Uint8Array.from(out);
}

export interface DecodedPiece extends Art {
  symmetry: Symmetry;
}

function readPiece(blob: Uint8Array, at: number, blobPalette: number[]): DecodedPiece {
  const header = blob[at]!;
  const mode = SYMMETRY_BY_CODE[header >> 4];
  if (!mode) throw new RangeError(`bad symmetry code at byte ${at}`);
  const colors = (header & 15) + 1;
  const palette = Array.from(blob.subarray(at + 1, at + 1 + colors), (i) => {
    const rgb = blobPalette[i];
    if (rgb === undefined) throw new RangeError(`palette index ${i} outside blob palette`);
    return rgb;
  });
  const bits = bitsPerPixel(colors);
  const base = (at + 1 + colors) * 8;
  const readCell = (j: number): number => {
    let value = 0;
    for (let k = 0; k < bits; k++) {
      const bit = base + j * bits + k;
      value = (value << 1) | ((blob[bit >> 3]! >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  const pixels = Uint8Array.from(DOMAINS[mode].indexOf, (j) => readCell(j));
  if (pixels.some((p) => p >= colors)) throw new RangeError(`pixel index outside palette at byte ${at}`);
  return { palette, pixels, symmetry: mode };
}

/** Decodes every piece of a blob; throws unless the blob is exactly well formed. */
export function decodeBlob(blob: Uint8Array): DecodedPiece[] {
  const size = blob[0] ?? 0;
  if (size < 1 || blob.length < 1 + size * 3) throw new RangeError("blob palette is missing");
  const blobPalette = Array.from({ length: size }, (_, i) => {
    const o = 1 + i * 3;
    return (blob[o]! << 16) | (blob[o + 1]! << 8) | blob[o + 2]!;
  });
  const pieces: DecodedPiece[] = [];
  let at = 1 + size * 3;
  while (at < blob.length) {
    const length = pieceLength(blob[at]!);
    if (at + length > blob.length) throw new RangeError(`piece at byte ${at} runs past the blob`);
    pieces.push(readPiece(blob, at, blobPalette));
    at += length;
  }
  return pieces;
}

export function encodePiece(art: Art): Uint8Array {
  return encodeBlob([art]);
}

export function decodePiece(blob: Uint8Array): DecodedPiece {
  const pieces = decodeBlob(blob);
  if (pieces.length !== 1) throw new RangeError(`expected one piece, found ${pieces.length}`);
  return pieces[0]!;
}

export function colorCount(art: Art): number {
  return new Set(art.pixels).size;
}
