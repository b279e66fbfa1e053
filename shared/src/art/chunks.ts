import { COLLECTION } from "../collection.ts";

/**
 * The art is uploaded in chunks of 250 consecutive ids: chunk c holds ids
 * max(1, 250c)..min(9999, 250c + 249), so 40 chunks in all. 250 keeps a chunk of even the largest
 * pieces under the 24,576-byte contract size limit and lines chunks up with the contract's
 * record words of 10 ids.
 */
const CHUNK_SIZE = 250;
export const CHUNK_COUNT = Math.floor(COLLECTION.totalSupply / CHUNK_SIZE) + 1;

export function chunkRange(chunk: number): { firstId: number; lastId: number } {
  if (!Number.isInteger(chunk) || chunk < 0 || chunk >= CHUNK_COUNT) {
    throw new RangeError(`chunk ${chunk} is outside 0..${CHUNK_COUNT - 1}`);
  }
  return {
    firstId: Math.max(COLLECTION.firstTokenId, chunk * CHUNK_SIZE),
    lastId: Math.min(COLLECTION.totalSupply, chunk * CHUNK_SIZE + CHUNK_SIZE - 1),
  };
}
