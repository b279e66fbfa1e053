/**
 * The curated global palette: 12 hue ramps of 4 steps (dark, mid, light, pale) = 48 colours,
 * so any chunk of 256 pieces stays far below the codec's 255-colour blob palette.
 */
const HUES = ["red", "orange", "yellow", "lime", "green", "teal", "sky", "blue", "purple", "pink", "brown", "grey"] as const;
export type Hue = (typeof HUES)[number];

const STEPS = ["dark", "mid", "light", "pale"] as const;
export type Step = (typeof STEPS)[number];

const RAMPS: Record<Hue, readonly [number, number, number, number]> = {
  red: [0x7a2536, 0xd9434b, 0xf4897b, 0xfcdcd3],
  orange: [0x8a3d1e, 0xea7a2e, 0xf9b45f, 0xfde5c2],
  yellow: [0x8a6a1a, 0xf2c53d, 0xfbe68c, 0xfef6d2],
  lime: [0x4b6a22, 0x8fc43f, 0xc8e67e, 0xeef7d2],
  green: [0x1f5b45, 0x3ea66b, 0x88d79b, 0xd7f1dd],
  teal: [0x175a63, 0x2aa3a3, 0x82dbcf, 0xd4f3ee],
  sky: [0x214f80, 0x4aa2e2, 0x9ad2f5, 0xdcf0fc],
  blue: [0x2d3177, 0x5666d6, 0x9ba6f0, 0xe0e3fb],
  purple: [0x4c2870, 0x9256c8, 0xc89ce7, 0xefe1f9],
  pink: [0x7b2355, 0xe0619d, 0xf6a7cb, 0xfde1ee],
  brown: [0x4a2f23, 0x94613d, 0xca996b, 0xf0ddc6],
  grey: [0x25233a, 0x5c6079, 0xaaaec2, 0xf8f5ec],
};

export function color(hue: Hue, step: Step): number {
  return RAMPS[hue][STEPS.indexOf(step)]!;
}

/** Every colour of the global palette. */
export const GLOBAL_PALETTE: readonly number[] = HUES.flatMap((hue) => [...RAMPS[hue]]);

/** Outline ink and near-white. */
export const INK = color("grey", "dark");
export const SNOW = color("grey", "pale");

/** Hues that read as a creature's or object's main colour. */
export const BODY_HUES: readonly Hue[] = HUES.filter((h) => h !== "grey");

/** Pleasant accent hue for a body hue (complement-ish or analogous). */
export const ACCENT_HUES: Record<Hue, readonly Hue[]> = {
  red: ["yellow", "orange", "pink", "sky"],
  orange: ["yellow", "red", "teal", "brown"],
  yellow: ["orange", "red", "green", "purple"],
  lime: ["yellow", "green", "pink", "teal"],
  green: ["lime", "yellow", "pink", "orange"],
  teal: ["yellow", "green", "sky", "orange"],
  sky: ["blue", "yellow", "pink", "teal"],
  blue: ["sky", "yellow", "purple", "pink"],
  purple: ["pink", "yellow", "blue", "teal"],
  pink: ["purple", "red", "yellow", "sky"],
  brown: ["orange", "yellow", "red", "green"],
  grey: ["sky", "yellow", "pink", "red"],
};

/** Background hues that sit well behind a body hue (never the same mid colour). */
export const BACKDROP_HUES: Record<Hue, readonly Hue[]> = {
  red: ["yellow", "sky", "teal", "grey", "orange", "pink"],
  orange: ["sky", "teal", "yellow", "blue", "grey"],
  yellow: ["sky", "purple", "blue", "teal", "pink", "green"],
  lime: ["sky", "purple", "pink", "teal", "yellow"],
  green: ["yellow", "sky", "pink", "lime", "orange"],
  teal: ["yellow", "pink", "orange", "teal", "grey"],
  sky: ["yellow", "pink", "orange", "blue", "grey"],
  blue: ["yellow", "sky", "pink", "orange", "grey"],
  purple: ["yellow", "pink", "teal", "sky", "purple"],
  pink: ["sky", "teal", "yellow", "purple", "pink"],
  brown: ["sky", "yellow", "green", "orange", "teal"],
  grey: ["yellow", "sky", "pink", "teal", "purple"],
};

/** Dark backgrounds for night pieces. */
export const NIGHT_HUES: readonly Hue[] = ["blue", "purple", "teal", "green"];
