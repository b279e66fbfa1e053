import { readFile } from "node:fs/promises";

import { canonicalize, type Art } from "@pixlings/shared/art/codec";
import { COLLECTION } from "@pixlings/shared/collection";
import { parseStoredArt } from "../art/artfile.ts";

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const N = COLLECTION.gridSize;

/**
 * A piece from RGBA pixels: a square of 9x9 cells, each `scale` x `scale` pixels of one opaque
 * colour (the storefront's 288x288 PNGs are scale 32), at most 16 colours. Exact: nothing is
 * resampled or reduced; anything else is refused with the reason.
 */
export function artFromRgba(width: number, height: number, rgba: Uint8Array): Art {
  if (width !== height) throw new Error(`the image is ${width}x${height}: a piece is square (9x9, or 9x9 scaled up)`);
  if (width % N !== 0) throw new Error(`the image is ${width} pixels wide: a piece is 9x9 pixels, or 9x9 cells of equal size (288x288 is 32 a cell)`);
  const scale = width / N;
  const colourAt = (x: number, y: number): number => {
    const at = (y * width + x) * 4;
    if (rgba[at + 3] !== 255) throw new Error(`the pixel at (${x}, ${y}) is not opaque: a piece has no transparency`);
    return (rgba[at]! << 16) | (rgba[at + 1]! << 8) | rgba[at + 2]!;
  };
  const cells: number[] = [];
  for (let cell = 0; cell < N * N; cell++) {
    const x0 = (cell % N) * scale;
    const y0 = Math.floor(cell / N) * scale;
    const colour = colourAt(x0, y0);
    for (let y = y0; y < y0 + scale; y++) {
      for (let x = x0; x < x0 + scale; x++) {
        if (colourAt(x, y) !== colour) throw new Error(`cell (${cell % N}, ${Math.floor(cell / N)}) is not one colour: each of the 9x9 cells must be`);
      }
    }
    cells.push(colour);
  }
  const palette = [...new Set(cells)];
  if (palette.length > COLLECTION.maxColors) throw new Error(`the image has ${palette.length} colours: a piece has at most ${COLLECTION.maxColors}`);
  return canonicalize({ palette, pixels: Uint8Array.from(cells, (colour) => palette.indexOf(colour)) });
}

async function artFromPng(bytes: Buffer): Promise<Art> {
  // Loaded here: only replace-art reads images, and sharp's native library takes a while to load.
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return artFromRgba(info.width, info.height, data);
}

/**
 * The piece in `file`, told apart by content: a PNG (see artFromRgba), or JSON in art.json's form
 * (`{"palette": ["#rrggbb", ...], "pixels": "<81 hex digits>"}`). Errors name the file and the reason.
 */
export async function readArtFile(file: string): Promise<Art> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return await artFromPng(bytes);
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw new Error("it is neither a PNG nor JSON");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error('JSON art is an object {"palette": [...], "pixels": "..."}');
    return canonicalize(parseStoredArt(parsed, "JSON art"));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}
