import type { Symmetry } from "@pixlings/shared/art/symmetry";
import { get, N, ROLE, set, type Grid, type Role } from "./grid.ts";
import type { Rng } from "./rng.ts";

const BACKGROUND = new Set<number>([ROLE.bg, ROLE.bg2, ROLE.bg3, -1]);
const SHAPE = new Set<number>([ROLE.body, ROLE.accent, ROLE.accent2, ROLE.eye, ROLE.light, ROLE.shade]);
/** True when (x, y) is the rim of the shape: background, or an outline cell with background beyond. */
const rim = (g: Grid, x: number, y: number, dx: number, dy: number): boolean => {
  const next = get(g, x + dx, y + dy);
  if (BACKGROUND.has(next)) return true;
  return next === ROLE.line && !SHAPE.has(get(g, x + 2 * dx, y + 2 * dy));
};

/**
 * Shades the body on the side away from the light (and lights the other side when `light`), in a
 * way that keeps the piece's symmetry: below for vertical pieces, right for horizontal,
 * right-and-below for diagonal, and a light core for pieces symmetric under a half turn.
 */
export function shade(g: Grid, mode: Symmetry, light: boolean = false, dark: boolean = true): boolean {
  const marks: [number, Role][] = [];
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      if (get(g, x, y) !== ROLE.body) continue;
      const [down, up, right, left] = [rim(g, x, y, 0, 1), rim(g, x, y, 0, -1), rim(g, x, y, 1, 0), rim(g, x, y, -1, 0)];
      const core = [get(g, x + 1, y), get(g, x - 1, y), get(g, x, y + 1), get(g, x, y - 1)].every((r) => r === ROLE.body);
      let role: Role | undefined;
      if (mode === "vertical" || mode === "none") role = down && !up ? ROLE.shade : up && !down && light ? ROLE.light : undefined;
      else if (mode === "horizontal") role = right && !left ? ROLE.shade : left && !right && light ? ROLE.light : undefined;
      else if (mode === "diagonal") role = (right || down) && !(left || up) ? ROLE.shade : light && (left || up) && !(right || down) ? ROLE.light : undefined;
      else if (core) role = ROLE.light;
      if (role !== undefined && (dark || role !== ROLE.shade)) marks.push([y * N + x, role]);
    }
  }
  for (const [cell, role] of marks) g[cell] = role;
  return marks.length > 0;
}

/** A few stars scattered over the background, anywhere (Artist night pieces). */
export function stars(g: Grid, rng: Rng, count: number): void {
  const free = [...g.keys()].filter((i) => g[i] === ROLE.bg);
  for (const cell of rng.shuffle(free).slice(0, count)) g[cell] = ROLE.sparkle;
}

const PATTERNS = ["frame", "polka", "rings", "vignette", "corners"] as const;
export type Pattern = (typeof PATTERNS)[number];

/** Paints background cells with a pattern that every symmetry mode leaves unchanged. */
export function backdrop(
  g: Grid,
  rng: Rng,
  role: Role = ROLE.bg2,
  pattern: Pattern = rng.weighted(PATTERNS, [3, 2, 0.5, 3, 2]),
  over: readonly number[] = [ROLE.bg],
): void {
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      if (!over.includes(get(g, x, y))) continue;
      const dx = Math.abs(x - 4);
      const dy = Math.abs(y - 4);
      const ring = Math.max(dx, dy);
      const hit: Record<Pattern, boolean> = {
        frame: ring === 4,
        polka: x % 2 === 0 && y % 2 === 0 && (x + y) % 4 === 0,
        rings: ring % 2 === 0,
        vignette: dx + dy >= 6,
        corners: (dx === 3 && dy === 3) || (dx === 4 && dy === 4),
      };
      if (hit[pattern]) set(g, x, y, role);
    }
  }
}

/** Horizontal bands of background from top to bottom: bg, bg2, bg3 (a sky or a sunset). */
export function gradient(g: Grid, rng: Rng): void {
  const split = rng.pick([
    [3, 6],
    [4, 7],
    [2, 6],
  ]);
  for (let y = 0; y < N; y++) {
    const role = y < split[0]! ? ROLE.bg : y < split[1]! ? ROLE.bg2 : ROLE.bg3;
    for (let x = 0; x < N; x++) {
      const dither = (y === split[0]! - 1 || y === split[1]! - 1) && x % 2 === 1;
      if (get(g, x, y) === ROLE.bg) set(g, x, y, dither ? (role === ROLE.bg ? ROLE.bg2 : ROLE.bg3) : role);
    }
  }
}

const SPARKLE_SPOTS: readonly [number, number][] = [
  [7, 1],
  [1, 1],
  [7, 2],
  [1, 7],
  [7, 7],
  [2, 1],
  [6, 1],
];

/** One hand-placed touch off the axis: a twinkle or a tiny star in an empty corner. */
export function offAxisTouch(g: Grid, rng: Rng): boolean {
  const free = (x: number, y: number): boolean => {
    const r = get(g, x, y);
    return r === ROLE.bg || r === ROLE.bg2 || r === ROLE.bg3;
  };
  const big = rng.chance(0.5);
  for (const [x, y] of rng.shuffle(SPARKLE_SPOTS)) {
    const arms: [number, number][] = [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ];
    if (!free(x, y)) continue;
    if (big && arms.every(([ax, ay]) => free(ax, ay))) {
      for (const [ax, ay] of arms) set(g, ax, ay, ROLE.sparkle);
      set(g, x, y, ROLE.glow);
      return true;
    }
    if (!big) {
      set(g, x, y, ROLE.sparkle);
      return true;
    }
  }
  return false;
}
