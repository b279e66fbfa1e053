import type { NftSort, NftStatus } from "@pixlings/shared/http/nfts";
import type { TierName } from "@pixlings/shared/tiers";
import { addId, emptyBits, type Bitset } from "./bitset.ts";

/** What the trait explorer filters a Pix on that changes only with the catalogue or the art. */
export interface PieceTraits {
  tokenId: number;
  tier: TierName;
  artist: { id: number; name: string } | null;
  colorCount: number;
  symmetry: string;
  /** Its art's colours (24-bit RGB); empty while no chain has its art. */
  palette: readonly number[];
  /** What a card buyer pays for it, in USD cents. */
  priceCents: number;
}

/** The orders a page can be sorted in that do not depend on mints (ties by id). */
export type StaticSort = Exclude<NftSort, "recent">;

/**
 * The catalogue as sets of ids, one per value of each trait: a query is a few unions and
 * intersections of 313-word sets, and a facet count one pass over two of them.
 */
export interface CatalogueTraits {
  /** Every Pix the catalogue has. */
  all: Bitset;
  tier: ReadonlyMap<TierName, Bitset>;
  artist: ReadonlyMap<number, { name: string; bits: Bitset }>;
  colorCount: ReadonlyMap<number, Bitset>;
  symmetry: ReadonlyMap<string, Bitset>;
  /** By colour (24-bit RGB): the Pix whose art uses it. */
  color: ReadonlyMap<number, Bitset>;
  /** By card price in USD cents. */
  price: ReadonlyMap<number, Bitset>;
  /** Every id of the catalogue in each static order. */
  orders: Readonly<Record<StaticSort, Uint16Array>>;
}

/** The Pix in each state (`available`, `minted-ethereum`, ...) as of one market version. */
export type StatusTraits = ReadonlyMap<NftStatus, Bitset>;

function bitsFor<K>(map: Map<K, Bitset>, key: K): Bitset {
  let bits = map.get(key);
  if (!bits) map.set(key, (bits = emptyBits()));
  return bits;
}

/** `pieces` ordered by `key` (then by id), as an id list. */
function orderBy(pieces: readonly PieceTraits[], key: (piece: PieceTraits) => number): Uint16Array {
  const sorted = [...pieces].sort((a, b) => key(a) - key(b) || a.tokenId - b.tokenId);
  return Uint16Array.from(sorted, (piece) => piece.tokenId);
}

/** The trait sets and static orders of a catalogue (built once per catalogue and art version). */
export function indexCatalogue(pieces: Iterable<PieceTraits>): CatalogueTraits {
  const list = [...pieces];
  const all = emptyBits();
  const tier = new Map<TierName, Bitset>();
  const artist = new Map<number, { name: string; bits: Bitset }>();
  const colorCount = new Map<number, Bitset>();
  const symmetry = new Map<string, Bitset>();
  const color = new Map<number, Bitset>();
  const price = new Map<number, Bitset>();
  for (const piece of list) {
    const id = piece.tokenId;
    addId(all, id);
    addId(bitsFor(tier, piece.tier), id);
    if (piece.artist) {
      let own = artist.get(piece.artist.id);
      if (!own) artist.set(piece.artist.id, (own = { name: piece.artist.name, bits: emptyBits() }));
      addId(own.bits, id);
    }
    addId(bitsFor(colorCount, piece.colorCount), id);
    addId(bitsFor(symmetry, piece.symmetry), id);
    for (const rgb of piece.palette) addId(bitsFor(color, rgb), id);
    addId(bitsFor(price, piece.priceCents), id);
  }
  return {
    all,
    tier,
    artist,
    colorCount,
    symmetry,
    color,
    price,
    orders: {
      id: orderBy(list, () => 0),
      price: orderBy(list, (piece) => piece.priceCents),
      "-price": orderBy(list, (piece) => -piece.priceCents),
      colorCount: orderBy(list, (piece) => piece.colorCount),
      "-colorCount": orderBy(list, (piece) => -piece.colorCount),
    },
  };
}

/** The status sets from each Pix's states (a Pix may be in several: minted on a chain and card-owned). */
export function indexStatuses(statuses: Iterable<readonly [tokenId: number, states: readonly NftStatus[]]>): StatusTraits {
  const sets = new Map<NftStatus, Bitset>();
  for (const [tokenId, states] of statuses) for (const state of states) addId(bitsFor(sets, state), tokenId);
  return sets;
}
