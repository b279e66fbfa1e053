import { colorCount } from "@pixlings/shared/art/codec";
import { symmetryOf } from "@pixlings/shared/art/symmetry";
import type { Catalogue, CatalogueEntry } from "@pixlings/shared/catalogue";
import { tierName } from "@pixlings/shared/tiers";
import { ARTISTS } from "./artists.ts";
import type { Piece } from "./generate.ts";
import type { Rng } from "./rng.ts";
import { CLAUSES, GENERIC_NOUNS, HUE_ADJECTIVES, KIND_NOUNS, MOOD_ADJECTIVES, PLACES, TRAITS } from "./words.ts";

export type { Catalogue, CatalogueEntry } from "@pixlings/shared/catalogue";

const ROMAN = ["II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/** A two-word name ("Mossy Blink") not in `used`; adds it to `used`. */
export function nameFor(piece: Piece, rng: Rng, used: Set<string>): string {
  const adjectives = [...HUE_ADJECTIVES[piece.hue], ...MOOD_ADJECTIVES[piece.mood]];
  const nouns = KIND_NOUNS[piece.kind] ?? [];
  let name = "";
  for (let attempt = 0; attempt < 60; attempt++) {
    const noun = nouns.length > 0 && rng.chance(attempt < 20 ? 0.6 : 0.2) ? rng.pick(nouns) : rng.pick(GENERIC_NOUNS);
    name = `${rng.pick(adjectives)} ${noun}`;
    if (!used.has(name)) break;
  }
  for (let i = 0; used.has(name) && i < ROMAN.length; i++) name = `${name.replace(/ [IVX]+$/, "")} ${ROMAN[i]}`;
  used.add(name);
  return name;
}

const article = (word: string): string => (/^[aeiou]/i.test(word) ? "An" : "A");

/** One sentence about the piece, e.g. "A shy mossy cat from the ninth row who naps in sunbeams." */
export function describe(piece: Piece, rng: Rng): string {
  const trait = rng.pick(TRAITS);
  const colour = piece.hue === "grey" ? "silver" : piece.hue;
  const from = rng.chance(0.35) ? ` from ${rng.pick(PLACES)}` : "";
  const body = `${trait} ${colour} ${piece.kind}${from} that ${rng.pick(CLAUSES)}`;
  const artist = ARTISTS.find((a) => a.id === piece.artistId);
  return artist ? `Drawn by ${artist.name}: ${article(trait).toLowerCase()} ${body}.` : `${article(trait)} ${body}.`;
}

export function catalogueEntry(piece: Piece, name: string, description: string): CatalogueEntry {
  return {
    tokenId: piece.id,
    name,
    description,
    tier: tierName(piece.tier),
    ...(piece.artistId !== undefined ? { artistId: piece.artistId } : {}),
    colorCount: colorCount(piece.art),
    symmetry: symmetryOf(piece.art.pixels),
    kind: piece.kind,
  };
}

/** catalogue.json: the artists, then one line per piece. */
export function serializeCatalogue(c: Catalogue): string {
  const artists = c.artists.map((a) => `  ${JSON.stringify(a)}`).join(",\n");
  const pieces = c.pieces.map((p) => `  ${JSON.stringify(p)}`).join(",\n");
  return `{\n "seed": ${JSON.stringify(c.seed)},\n "artists": [\n${artists}\n ],\n "pieces": [\n${pieces}\n ]\n}\n`;
}
