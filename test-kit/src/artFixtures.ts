import { chunkRange } from "@pixlings/shared/art/chunks";
import { encodeBlob, pieceLength, type Art } from "@pixlings/shared/art/codec";
import { CELL_COUNT, isArtistId } from "@pixlings/shared/collection";
import { TIER } from "@pixlings/shared/tiers";
import type { ArtChunk } from "@pixlings/scripts/deploy/uploadArt";

const PALETTE = [0x1b1b2f, 0xe94560, 0x53d8fb, 0xf5d547];

function fixtureArt(id: number, colors = PALETTE.length): Art {
  return {
    palette: PALETTE.slice(0, colors),
    pixels: Uint8Array.from({ length: CELL_COUNT }, (_, i) => (id * 7 + i * i + (i >> 3)) % colors),
  };
}

function chunkOf(chunkIndex: number, artOf: (id: number) => Art): ArtChunk & { ids: number[] } {
  const { firstId, lastId } = chunkRange(chunkIndex);
  const ids = Array.from({ length: lastId - firstId + 1 }, (_, i) => firstId + i);
  return {
    chunkIndex,
    firstId,
    ids,
    tiers: Uint8Array.from(ids, (id) => (isArtistId(id) ? TIER.Artist : TIER.Common)),
    blob: encodeBlob(ids.map(artOf)),
  };
}

/**
 * Valid chunks for tests that must not depend on the generated art: the contract's id ranges
 * (shared/src/art/chunks.ts), patterned pixels, tiers by id.
 */
export function fixtureChunk(chunkIndex: number): ArtChunk {
  const { ids: _ids, ...chunk } = chunkOf(chunkIndex, (id) => fixtureArt(id));
  return chunk;
}

/**
 * A chunk the contract accepts but cannot render for `badIds`: their pieces have 3 colours and
 * a first stored pixel of value 3. `writeArtChunk` checks the layout only; pixel values are
 * checked when `tokenURI` decodes them (contracts/README.md), which reverts InvalidArt.
 */
export function fixtureChunkWithBadPixels(chunkIndex: number, badIds: readonly number[]): ArtChunk {
  const bad = new Set(badIds);
  const { ids, ...chunk } = chunkOf(chunkIndex, (id) => fixtureArt(id, bad.has(id) ? 3 : PALETTE.length));
  let at = 1 + chunk.blob[0]! * 3;
  for (const id of ids) {
    const header = chunk.blob[at]!;
    const colors = (header & 15) + 1;
    if (bad.has(id)) {
      if (colors !== 3) throw new Error(`fixture piece ${id} has ${colors} colours, not 3`);
      chunk.blob[at + 1 + colors]! |= 0b1100_0000;
    }
    at += pieceLength(header);
  }
  return chunk;
}
