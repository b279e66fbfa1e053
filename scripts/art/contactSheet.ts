import type { Art } from "@pixlings/shared/art/codec";
import { encodeIndexedPng } from "@pixlings/shared/node/png";

export interface SheetOptions {
  columns?: number;
  scale?: number;
  gap?: number;
  /** Colour of the gaps between pieces. */
  paper?: number;
}

/** A grid of pieces as one indexed PNG (each piece scaled, with gaps between them). */
export function contactSheet(pieces: readonly Art[], options: SheetOptions = {}): Buffer {
  const { columns = 10, scale = 8, gap = 4, paper = 0xffffff } = options;
  const rows = Math.ceil(pieces.length / columns);
  const tile = 9 * scale;
  const width = columns * tile + (columns + 1) * gap;
  const height = rows * tile + (rows + 1) * gap;
  const palette = [paper];
  const indexOf = new Map<number, number>([[paper, 0]]);
  const indices = new Uint8Array(width * height);
  pieces.forEach((art, i) => {
    const left = gap + (i % columns) * (tile + gap);
    const top = gap + Math.floor(i / columns) * (tile + gap);
    const local = art.palette.map((rgb) => {
      if (!indexOf.has(rgb)) {
        indexOf.set(rgb, palette.length);
        palette.push(rgb);
      }
      return indexOf.get(rgb)!;
    });
    for (let y = 0; y < tile; y++) {
      for (let x = 0; x < tile; x++) {
        const p = art.pixels[Math.floor(y / scale) * 9 + Math.floor(x / scale)]!;
        indices[(top + y) * width + left + x] = local[p]!;
      }
    }
  });
  return encodeIndexedPng({ width, height, palette, indices });
}
