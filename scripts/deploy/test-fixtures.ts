import { chunkRange } from "../../shared/src/art/chunks.ts";
import { encodeBlob, type Art } from "../../shared/src/art/codec.ts";
import { CELL_COUNT, isArtistId } from "../../shared/src/collection.ts";
import { TIER } from "../../shared/src/tiers.ts";
import type { ArtChunk } from "./upload-art.ts";

const PALETTE = [0x1b1b2f, 0xe94560, 0x53d8fb, 0xf5d547];

function fixtureArt(id: number): Art {
  return { palette: PALETTE, pixels: Uint8Array.from({ length: CELL_COUNT }, (_, i) => (id * 7 + i * i + (i >> 3)) % 4) };
}

/**
 * Valid chunks for tests that must not depend on the generated art: the contract's id ranges
 * (shared/src/art/chunks.ts), patterned pixels, tiers by id.
 */
export function fixtureChunk(chunkIndex: number): ArtChunk {
  const { firstId, lastId } = chunkRange(chunkIndex);
  const ids = Array.from({ length: lastId - firstId + 1 }, (_, i) => firstId + i);
  return {
    chunkIndex,
    firstId,
    tiers: Uint8Array.from(ids, (id) => (isArtistId(id) ? TIER.Artist : TIER.Common)),
    blob: encodeBlob(ids.map(fixtureArt)),
  };
}
