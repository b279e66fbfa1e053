import type { CatalogueArtist } from "@pixlings/shared/catalogue";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Family } from "./kinds/index.ts";
import type { Mood } from "./scheme.ts";

/** A demo artist's public profile, as the catalogue lists it. */
export type Artist = CatalogueArtist;

export interface ArtistStyle {
  families: Partial<Record<Family, number>>;
  mood?: Mood;
  gradient: number;
  offAxis: number;
  /** Shade the underside as well as lighting the top. */
  shade: boolean;
}

const artist = (id: number, slug: string, name: string, bio: string): Artist => ({
  id,
  slug,
  name,
  email: `${slug}@artists.pixlings.test`,
  bio,
  website: `https://${slug}.artists.pixlings.test`,
});

export const ARTISTS: readonly Artist[] = [
  artist(1, "mira", "Mira Okafor", "Paints night gardens one pixel at a time; every creature gets a star to wish on."),
  artist(2, "tomas", "Tomás Lindqvist", "Former sign painter who now chases sunsets across nine rows."),
  artist(3, "aiko", "Aiko Brennan", "Draws tiny beasts with big feelings, shaded like picture-book plates."),
  artist(4, "sol", "Sol Vega", "Collects shiny things: gems, potions and crowns, polished until they glint."),
  artist(5, "juniper", "Juniper Hale", "Soft pastels and gentle outlines; believes every blob deserves a cuddle."),
  artist(6, "ravi", "Ravi Castellanos", "Likes things a little tilted: comets, pinwheels and fish that swim sideways."),
];

export const ARTIST_STYLES: Record<number, ArtistStyle> = {
  1: { families: { creature: 3, emblem: 2, object: 1 }, mood: "night", gradient: 0.2, offAxis: 0.9, shade: false },
  2: { families: { object: 3, creature: 2, profile: 1 }, gradient: 1, offAxis: 0.6, shade: false },
  3: { families: { creature: 5, profile: 1 }, gradient: 0.3, offAxis: 0.7, shade: true },
  4: { families: { emblem: 3, object: 3 }, gradient: 0.2, offAxis: 0.8, shade: true },
  5: { families: { creature: 3, object: 2, emblem: 1 }, mood: "tonal", gradient: 0.4, offAxis: 0.5, shade: false },
  6: { families: { sideways: 3, spinner: 2, profile: 1 }, gradient: 0.3, offAxis: 0.6, shade: false },
};

/** Artist of the Artist piece in `slot` (0..12) of `drop` (0..8): round robin over the artists. */
export function artistFor(drop: number, slot: number): Artist {
  return ARTISTS[(drop * COLLECTION.artistPiecesPerDrop + slot) % ARTISTS.length]!;
}
