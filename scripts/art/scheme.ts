import { ROLE, ROLE_COUNT, type Role } from "./grid.ts";
import { ACCENT_HUES, BACKDROP_HUES, BODY_HUES, color, GLOBAL_PALETTE, INK, NIGHT_HUES, SNOW, type Hue } from "./palette.ts";
import type { Rng } from "./rng.ts";

export type Mood = "day" | "tonal" | "night";

export interface SchemeHints {
  hues?: readonly Hue[];
  accents?: readonly Hue[];
  accents2?: readonly Hue[];
  mood?: Mood;
}

/** The colour of every role for one piece, plus what it was chosen from (for names). */
export interface Scheme {
  hue: Hue;
  mood: Mood;
  backdrop: Hue;
  colors: number[];
}

/** Hues that sink into a dark background. */
const DULL_AT_NIGHT = new Set<Hue>(["brown", "blue", "purple", "green"]);

const others = (hues: readonly Hue[], not: Hue): Hue[] => hues.filter((h) => h !== not);

export function chooseScheme(rng: Rng, hints: SchemeHints = {}): Scheme {
  const mood = hints.mood ?? rng.weighted<Mood>(["day", "tonal", "night"], [6, 2, 2]);
  const hues = hints.hues ?? BODY_HUES;
  const bright = hues.filter((h) => !DULL_AT_NIGHT.has(h));
  const hue = rng.pick(mood === "night" && bright.length > 0 ? bright : hues);
  const night = others(NIGHT_HUES, hue);
  const backdrop = mood === "tonal" && hue !== "grey" ? hue : mood === "night" ? rng.pick(night) : rng.pick(BACKDROP_HUES[hue]);
  const grey = hue === "grey";
  const accentHue = rng.pick(hints.accents ?? ACCENT_HUES[hue]);
  const accent2Hue = rng.pick<Hue>(hints.accents2 ?? ["pink", "red", "pink"]);
  const otherBackdrop = rng.pick(others(BACKDROP_HUES[hue], backdrop));
  const c = new Array<number>(ROLE_COUNT).fill(0);
  const taken = new Set<number>();
  /** Gives `role` the first candidate colour no earlier role has taken. */
  const give = (role: Role, ...candidates: number[]): void => {
    const rgb = candidates.find((x) => !taken.has(x)) ?? GLOBAL_PALETTE.find((x) => !taken.has(x))!;
    c[role] = rgb;
    taken.add(rgb);
  };
  const nightBg = mood === "night";
  give(ROLE.bg, color(backdrop, nightBg ? "dark" : "pale"));
  give(ROLE.line, mood !== "night" && !grey && rng.chance(0.25) ? color(hue, "dark") : INK, INK);
  give(ROLE.body, grey ? color("grey", "light") : color(hue, "mid"));
  give(ROLE.light, grey ? SNOW : color(hue, "light"), color("yellow", "pale"));
  give(ROLE.shade, grey ? color("grey", "mid") : color(hue, "dark"), INK, color("grey", "mid"));
  const step = accentHue === "grey" ? "pale" : rng.pick(["light", "mid"] as const);
  give(ROLE.accent, color(accentHue, step), color(accentHue, "light"), color(accentHue, "mid"), color("yellow", "light"), SNOW);
  give(ROLE.eye, SNOW, color("yellow", "pale"), color("sky", "pale"));
  give(ROLE.accent2, color(accent2Hue, "light"), color(accent2Hue, "mid"), color("pink", "light"), color("orange", "light"));
  if (nightBg) {
    give(ROLE.bg2, color(rng.pick(others(night, backdrop)), "dark"), color(backdrop, "mid"));
    give(ROLE.bg3, color(backdrop, "mid"), color(rng.pick(night), "mid"));
    give(ROLE.sparkle, rng.pick([SNOW, color("yellow", "light")]), color("yellow", "light"), color("sky", "light"));
  } else {
    give(ROLE.bg2, color(backdrop, "light"), color(otherBackdrop, "light"));
    give(ROLE.bg3, color(otherBackdrop, "pale"), color(otherBackdrop, "light"));
    give(ROLE.sparkle, color(rng.pick<Hue>(["yellow", accentHue]), "mid"), color("yellow", "mid"), color("orange", "mid"));
  }
  give(ROLE.deep, color(accentHue, "dark"), color(accent2Hue, "dark"));
  give(ROLE.glow, color(accentHue, "light"), color("yellow", "light"), SNOW);
  return { hue, mood, backdrop, colors: c };
}
