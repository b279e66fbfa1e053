import { CHUNK_COUNT, chunkRange } from "@pixlings/shared/art/chunks";
import { encodeBlob } from "@pixlings/shared/art/codec";
import { COLLECTION } from "@pixlings/shared/collection";
import type { ArtSet } from "./artfile.ts";

export { loadArt, type ArtSet } from "./artfile.ts";
export { CHUNK_COUNT, chunkRange } from "@pixlings/shared/art/chunks";

/** One `writeArtChunk` call: the tier of every id of the chunk and the blob of their pieces. */
export interface ArtChunk {
  chunkIndex: number;
  firstId: number;
  tiers: Uint8Array;
  blob: Uint8Array;
}

/**
 * Every chunk of the collection (ids as the contract's `chunkRange`, from shared/src/art/chunks.ts),
 * each a blob in the on-chain layout of shared/src/art/codec.ts: what the deploy uploads.
 */
export function chunkBlobs(set: Pick<ArtSet, "art" | "tiers">): ArtChunk[] {
  if (set.art.length !== COLLECTION.totalSupply || set.tiers.length !== COLLECTION.totalSupply) {
    throw new RangeError(`expected ${COLLECTION.totalSupply} pieces and tiers`);
  }
  return Array.from({ length: CHUNK_COUNT }, (_, chunkIndex) => {
    const { firstId, lastId } = chunkRange(chunkIndex);
    return {
      chunkIndex,
      firstId,
      tiers: Uint8Array.from(set.tiers.slice(firstId - 1, lastId)),
      blob: encodeBlob(set.art.slice(firstId - 1, lastId)),
    };
  });
}
