import type { Symmetry } from "@pixlings/shared/art/symmetry";
import { N, parse, symmetrize, type Grid } from "../grid.ts";
import type { Rng } from "../rng.ts";
import { drawCreature } from "./creature.ts";
import { EMBLEMS } from "./emblems.ts";
import { OBJECTS } from "./objects.ts";
import { PROFILES } from "./profiles.ts";
import { SIDEWAYS } from "./sideways.ts";
import { SPINNERS } from "./spinners.ts";
import type { Template } from "./template.ts";

export const FAMILIES = ["creature", "object", "emblem", "sideways", "spinner", "profile"] as const;
export type Family = (typeof FAMILIES)[number];

export const TEMPLATES: Record<Exclude<Family, "creature">, readonly Template[]> = {
  object: OBJECTS,
  emblem: EMBLEMS,
  sideways: SIDEWAYS,
  spinner: SPINNERS,
  profile: PROFILES,
};

export interface Sketch {
  grid: Grid;
  kind: string;
  mode: Symmetry;
  template?: Template;
}

const mirror = (g: Grid): Grid => Uint8Array.from(g, (_, i) => g[Math.floor(i / N) * N + (N - 1 - (i % N))]!);
const halfTurn = (g: Grid): Grid => Uint8Array.from(g, (_, i) => g[g.length - 1 - i]!);

/** A template's grid, in one of the orientations that keep its symmetry mode. */
export function orient(tpl: Template, rng: Rng): Grid {
  const g = symmetrize(parse(tpl.rows), tpl.mode);
  if (!rng.chance(0.5)) return g;
  if (tpl.mode === "none" || tpl.mode === "horizontal" || tpl.mode === "rotational") return mirror(g);
  if (tpl.mode === "diagonal") return halfTurn(g);
  return g;
}

export function sketch(family: Family, rng: Rng): Sketch {
  if (family === "creature") {
    const { grid, kind } = drawCreature(rng);
    return { grid, kind, mode: "vertical" };
  }
  const tpl = rng.pick(TEMPLATES[family]);
  return { grid: orient(tpl, rng), kind: tpl.kind, mode: tpl.mode, template: tpl };
}
