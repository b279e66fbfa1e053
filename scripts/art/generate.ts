import type { Art } from "@pixlings/shared/art/codec";
import { TIER, type TierCode } from "@pixlings/shared/tiers";
import { ARTIST_STYLES, type Artist } from "./artists.ts";
import { backdrop, gradient, offAxisTouch, shade, stars } from "./decorate.ts";
import { ROLE, type Grid, type Role } from "./grid.ts";
import { FAMILIES, sketch, type Family, type Sketch } from "./kinds/index.ts";
import type { Hue } from "./palette.ts";
import { colorGrid } from "./reduce.ts";
import type { Rng } from "./rng.ts";
import { chooseScheme, type Mood, type Scheme } from "./scheme.ts";

/** One generated piece with the facts the catalogue needs. */
export interface Piece {
  id: number;
  tier: TierCode;
  art: Art;
  family: Family;
  kind: string;
  hue: Hue;
  mood: Mood;
  artistId?: number;
}

const FAMILY_WEIGHTS: Record<"common" | "rare", readonly number[]> = {
  //      creature object emblem sideways spinner profile
  common: [46, 20, 17, 8, 5, 4],
  rare: [38, 22, 22, 8, 6, 4],
};

/** Extra roles a Common piece may keep as its fourth colour, by how much they add. */
const COMMON_EXTRAS: readonly Role[] = [ROLE.accent, ROLE.eye, ROLE.accent2, ROLE.light];
const EXTRA_WEIGHTS = [3, 3, 2, 2];

function commonKeep(s: Sketch, rng: Rng): Role[] {
  const present = COMMON_EXTRAS.filter((r) => s.grid.includes(r));
  if (s.template) return present.includes(ROLE.accent) ? [ROLE.accent] : present.slice(0, 1);
  if (present.length === 0 || rng.chance(0.2)) return [];
  return [
    rng.weighted(
      present,
      present.map((r) => EXTRA_WEIGHTS[COMMON_EXTRAS.indexOf(r)]!),
    ),
  ];
}

function pickFamily(rng: Rng, tier: TierCode, artist?: Artist): Family {
  if (artist) {
    const prefs = ARTIST_STYLES[artist.id]!.families;
    return rng.weighted(
      FAMILIES,
      FAMILIES.map((f) => prefs[f] ?? 0),
    );
  }
  return rng.weighted(FAMILIES, FAMILY_WEIGHTS[tier === TIER.Rare ? "rare" : "common"]);
}

/** Artist pieces: shading, a sky or patterned backdrop, often one touch off the axis. */
function decorateArtist(grid: Grid, s: Sketch, scheme: Scheme, rng: Rng, artist: Artist): void {
  const style = ARTIST_STYLES[artist.id]!;
  shade(grid, s.mode, true, style.shade);
  const upright = s.mode === "vertical" || s.mode === "none";
  if (scheme.mood === "night") stars(grid, rng, rng.int(3, 6));
  else if (upright && rng.chance(style.gradient)) gradient(grid, rng);
  else if (rng.chance(0.5)) backdrop(grid, rng, ROLE.bg2, rng.pick(["vignette", "corners"] as const));
  if (rng.chance(style.offAxis)) offAxisTouch(grid, rng);
  if (artist.id === 5) scheme.colors[ROLE.line] = scheme.colors[ROLE.shade]!;
}

/**
 * Draws one piece for `id` of the given tier (Artist pieces in their artist's style).
 * Deterministic: the same rng state gives the same piece.
 */
export function generatePiece(id: number, rng: Rng, tier: TierCode, artist?: Artist): Piece {
  const family = pickFamily(rng, tier, artist);
  const s = sketch(family, rng);
  const style = artist ? ARTIST_STYLES[artist.id] : undefined;
  const t = s.template;
  const scheme = chooseScheme(rng, {
    ...(t?.hues ? { hues: t.hues } : {}),
    ...(t?.accents ? { accents: t.accents } : {}),
    ...(t?.accents2 ? { accents2: t.accents2 } : {}),
    ...(style?.mood ? { mood: style.mood } : {}),
  });
  const grid = Uint8Array.from(s.grid);
  const keep = tier === TIER.Common ? commonKeep(s, rng) : [];
  const palette = { colors: scheme.colors, keep, ...(s.template?.fold2 ? { foldAccent2: ROLE.accent } : {}) };
  if (tier === TIER.Artist && artist) decorateArtist(grid, s, scheme, rng, artist);
  if (tier === TIER.Rare) {
    if (rng.chance(0.6)) shade(grid, s.mode);
    if (rng.chance(0.5)) backdrop(grid, rng);
  }
  let art = colorGrid(grid, tier, palette);
  const least = tier === TIER.Rare ? 5 : tier === TIER.Artist ? 6 : 0;
  const boosts = [
    (): unknown => shade(grid, s.mode),
    (): unknown => backdrop(grid, rng, ROLE.bg2),
    (): unknown => backdrop(grid, rng, ROLE.bg3, "corners", [ROLE.bg, ROLE.bg2]),
    (): unknown => backdrop(grid, rng, ROLE.sparkle, "frame", [ROLE.bg, ROLE.bg2, ROLE.bg3]),
  ];
  for (const boost of boosts) {
    if (art.palette.length >= least) break;
    boost();
    art = colorGrid(grid, tier, palette);
  }
  return {
    id,
    tier,
    art,
    family,
    kind: s.kind,
    hue: scheme.hue,
    mood: scheme.mood,
    ...(artist ? { artistId: artist.id } : {}),
  };
}
