import { artToPng } from "@pixlings/shared/node/png";
import { decodeIndexedPng } from "./png.ts";

/** One cell to repaint: row-major index 0..80 and its new colour. */
export interface Repaint {
  cell: number;
  rgb: number;
}

/**
 * A Pix's image with some cells repainted, as a tampering shop would serve it: `png9` is the shop's
 * own 9x9 PNG (`?size=9`); the answer is a 288x288 PNG like the one the page shows.
 */
export function repaintPng(png9: Buffer, repaints: readonly Repaint[]): Buffer {
  const decoded = decodeIndexedPng(png9);
  if (decoded.width !== 9 || decoded.height !== 9) throw new RangeError(`expected a 9x9 PNG, not ${decoded.width}x${decoded.height}`);
  const palette = [...decoded.palette];
  const pixels = Uint8Array.from(decoded.indices);
  for (const { cell, rgb } of repaints) {
    let index = palette.indexOf(rgb);
    if (index < 0) index = palette.push(rgb) - 1;
    pixels[cell] = index;
  }
  return artToPng({ palette, pixels });
}
