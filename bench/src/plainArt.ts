import { decodeBlob } from "@pixlings/shared/art/codec";
import { CELL_COUNT, COLLECTION } from "@pixlings/shared/collection";
import type { ArtChunk } from "@pixlings/scripts/deploy/uploadArt";

/** The baselines' chunks hold 256 ids: max(1, 256c)..min(9999, 256c + 255) (their `chunkRange`). */
const PLAIN_CHUNK_SHIFT = 8;

/** One blob in the plain layout: [P] [P x RGB] then one palette index a pixel for each piece. */
function plainBlob(pieces: readonly number[][]): Uint8Array {
  const palette: number[] = [];
  const indexOf = new Map<number, number>();
  const cells = new Uint8Array(pieces.length * CELL_COUNT);
  pieces.forEach((rgbs, p) => {
    rgbs.forEach((rgb, cell) => {
      let index = indexOf.get(rgb);
      if (index === undefined) {
        index = palette.push(rgb) - 1;
        indexOf.set(rgb, index);
      }
      cells[p * CELL_COUNT + cell] = index;
    });
  });
  if (palette.length > 255) throw new Error(`a plain chunk holds at most 255 colours, not ${palette.length}`);
  const out = new Uint8Array(1 + palette.length * 3 + cells.length);
  out[0] = palette.length;
  palette.forEach((rgb, i) => {
    out.set([(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255], 1 + i * 3);
  });
  out.set(cells, 1 + palette.length * 3);
  return out;
}

/**
 * The same pictures and tiers as Pixlings' compact chunks, re-cut into the baselines' plain
 * chunks (contracts/baselines): 81 bytes a piece, one chunk-palette index per pixel, row-major.
 */
export function plainChunks(chunks: readonly ArtChunk[], total: number = COLLECTION.totalSupply): ArtChunk[] {
  const rgbs: number[][] = [];
  const tiers: number[] = [];
  for (const chunk of chunks) {
    const pieces = decodeBlob(chunk.blob);
    if (pieces.length !== chunk.tiers.length) {
      throw new Error(`chunk ${chunk.chunkIndex}: ${pieces.length} pieces for ${chunk.tiers.length} tiers`);
    }
    pieces.forEach((piece, i) => {
      rgbs[chunk.firstId + i] = Array.from(piece.pixels, (p) => piece.palette[p]!);
      tiers[chunk.firstId + i] = chunk.tiers[i]!;
    });
  }
  const out: ArtChunk[] = [];
  for (let chunkIndex = 0; chunkIndex <= total >> PLAIN_CHUNK_SHIFT; chunkIndex++) {
    const firstId = Math.max(1, chunkIndex << PLAIN_CHUNK_SHIFT);
    const lastId = Math.min(total, (chunkIndex << PLAIN_CHUNK_SHIFT) | 255);
    const ids = Array.from({ length: lastId - firstId + 1 }, (_, i) => firstId + i);
    const missing = ids.find((id) => !rgbs[id]);
    if (missing !== undefined) throw new Error(`no art for id ${missing}`);
    out.push({
      chunkIndex,
      firstId,
      tiers: Uint8Array.from(ids, (id) => tiers[id]!),
      blob: plainBlob(ids.map((id) => rgbs[id]!)),
    });
  }
  return out;
}

/** The RGB colour of every pixel of `id`, row-major, from a plain chunk (for checks). */
export function plainPixels(chunk: ArtChunk, id: number): number[] {
  const { blob } = chunk;
  const start = 1 + blob[0]! * 3 + (id - chunk.firstId) * CELL_COUNT;
  return Array.from(blob.subarray(start, start + CELL_COUNT), (i) => {
    const o = 1 + i * 3;
    return (blob[o]! << 16) | (blob[o + 1]! << 8) | blob[o + 2]!;
  });
}
