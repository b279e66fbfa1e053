/** The collection's constants: the one home for its name, slug and limits. */
export const COLLECTION = {
  name: "Pixlings",
  slug: "pixlings",
  symbol: "PIX",
  itemName: "Pix",
  totalSupply: 9999,
  firstTokenId: 1,
  drops: 9,
  dropSize: 1111,
  artistPiecesPerDrop: 13,
  maxPerWallet: 10,
  maxPerTransaction: 10,
  maxCart: 10,
  gridSize: 9,
  scaledSize: 288,
  maxColors: 16,
} as const;

export const CELL_COUNT = COLLECTION.gridSize * COLLECTION.gridSize;

export function isValidTokenId(id: number): boolean {
  return Number.isInteger(id) && id >= COLLECTION.firstTokenId && id <= COLLECTION.totalSupply;
}

/** Zero-based drop (0..8) of a token id. */
export function dropOf(id: number): number {
  return Math.floor((id - 1) / COLLECTION.dropSize);
}

/** The first 13 ids of every drop of 1,111 are Artist pieces (117 in all). */
export function isArtistId(id: number): boolean {
  return isValidTokenId(id) && (id - 1) % COLLECTION.dropSize < COLLECTION.artistPiecesPerDrop;
}
