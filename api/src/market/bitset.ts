import { COLLECTION } from "@pixlings/shared/collection";

/** One bit per token id of the collection (bit 0 is the first id): 313 words for 9,999 Pix. */
export type Bitset = Uint32Array;

const { firstTokenId, totalSupply } = COLLECTION;
const WORDS = Math.ceil(totalSupply / 32);

export const emptyBits = (): Bitset => new Uint32Array(WORDS);

export function addId(bits: Bitset, id: number): void {
  const bit = id - firstTokenId;
  bits[bit >>> 5]! |= 1 << (bit & 31);
}

export function hasId(bits: Bitset, id: number): boolean {
  const bit = id - firstTokenId;
  return (bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
}

/** Bits set in a word (SWAR popcount). */
function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

export function countIds(bits: Bitset): number {
  let count = 0;
  for (let i = 0; i < WORDS; i++) count += bitsIn(bits[i]!);
  return count;
}

/** How many ids `a` and `b` share, without building their intersection. */
export function countShared(a: Bitset, b: Bitset): number {
  let count = 0;
  for (let i = 0; i < WORDS; i++) count += bitsIn(a[i]! & b[i]!);
  return count;
}

/** The ids of `first` that are in every one of `rest` (a new set). */
export function intersectAll(first: Bitset, rest: readonly Bitset[]): Bitset {
  const out = first.slice();
  for (const bits of rest) for (let i = 0; i < WORDS; i++) out[i]! &= bits[i]!;
  return out;
}

/** The ids in any one of `sets` (a new set; empty for none). */
export function unionAll(sets: readonly Bitset[]): Bitset {
  const out = emptyBits();
  for (const bits of sets) for (let i = 0; i < WORDS; i++) out[i]! |= bits[i]!;
  return out;
}

/** The ids of `bits` in ascending order. */
export function idsOf(bits: Bitset): number[] {
  const ids: number[] = [];
  for (let i = 0; i < WORDS; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      ids.push(firstTokenId + i * 32 + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
  return ids;
}
