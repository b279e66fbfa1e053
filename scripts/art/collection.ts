import { COLLECTION, dropOf, isArtistId } from "@pixlings/shared/collection";
import { TIER, type TierCode } from "@pixlings/shared/tiers";
import { ARTISTS, artistFor } from "./artists.ts";
import { catalogueEntry, describe, nameFor, type Catalogue } from "./catalogue.ts";
import { generatePiece, type Piece } from "./generate.ts";
import { createRng } from "./rng.ts";

export const DEFAULT_SEED = "pixlings-genesis";
/** Rare pieces per drop of 1,111 (of its 1,098 non-Artist ids: about 9%). */
const RARES_PER_DROP = 100;

export interface Collection {
  seed: string;
  /** Index id - 1. */
  pieces: Piece[];
  catalogue: Catalogue;
}

/** Tier of every id (index id - 1): Artist by id, exactly RARES_PER_DROP Rare per drop. */
function planTiers(seed: string): TierCode[] {
  const tiers: TierCode[] = [];
  for (let drop = 0; drop < COLLECTION.drops; drop++) {
    const first = drop * COLLECTION.dropSize + 1;
    const ids = Array.from({ length: COLLECTION.dropSize }, (_, i) => first + i).filter((id) => !isArtistId(id));
    const rare = new Set(createRng(`${seed}:rare:${drop}`).shuffle(ids).slice(0, RARES_PER_DROP));
    for (let i = 0; i < COLLECTION.dropSize; i++) {
      const id = first + i;
      tiers.push(isArtistId(id) ? TIER.Artist : rare.has(id) ? TIER.Rare : TIER.Common);
    }
  }
  return tiers;
}

/** Identity of a piece's picture (canonical art: equal pictures give equal keys). */
export const artKey = (piece: Piece): string => `${piece.art.palette.join(",")}|${Buffer.from(piece.art.pixels).toString("hex")}`;

/** All 9,999 pieces, unique, with names and descriptions; the same seed gives the same bytes. */
export function generateCollection(seed: string = DEFAULT_SEED): Collection {
  const tiers = planTiers(seed);
  const seen = new Set<string>();
  const names = new Set<string>();
  const pieces: Piece[] = [];
  const catalogue: Catalogue = { seed, artists: [...ARTISTS], pieces: [] };
  for (let id = 1; id <= COLLECTION.totalSupply; id++) {
    const tier = tiers[id - 1]!;
    const slot = (id - 1) % COLLECTION.dropSize;
    const artist = tier === TIER.Artist ? artistFor(dropOf(id), slot) : undefined;
    let piece = generatePiece(id, createRng(`${seed}:${id}`), tier, artist);
    for (let attempt = 1; seen.has(artKey(piece)); attempt++) {
      if (attempt > 1000) throw new Error(`no unique piece for id ${id}`);
      piece = generatePiece(id, createRng(`${seed}:${id}:${attempt}`), tier, artist);
    }
    seen.add(artKey(piece));
    pieces.push(piece);
    const words = createRng(`${seed}:words:${id}`);
    catalogue.pieces.push(catalogueEntry(piece, nameFor(piece, words, names), describe(piece, words)));
  }
  return { seed, pieces, catalogue };
}
