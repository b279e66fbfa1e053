import { canonicalCell, type Symmetry } from "@pixlings/shared/art/symmetry";

/**
 * Pieces are drawn as a 9x9 grid of roles (background, outline, body, ...); a colour scheme
 * then maps roles to colours, and the tier decides which roles keep a colour of their own.
 */
export const ROLE = {
  bg: 0,
  line: 1,
  body: 2,
  accent: 3,
  shade: 4,
  light: 5,
  eye: 6,
  accent2: 7,
  bg2: 8,
  bg3: 9,
  sparkle: 10,
  deep: 11,
  glow: 12,
} as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_COUNT = 13;

/** Template characters: one per role. */
const LEGEND: Record<string, Role> = {
  ".": ROLE.bg,
  o: ROLE.line,
  "#": ROLE.body,
  "+": ROLE.accent,
  s: ROLE.shade,
  h: ROLE.light,
  e: ROLE.eye,
  a: ROLE.accent2,
  ":": ROLE.bg2,
  ";": ROLE.bg3,
  "*": ROLE.sparkle,
  d: ROLE.deep,
  g: ROLE.glow,
};

export type Grid = Uint8Array;
export const N = 9;

export const newGrid = (): Grid => new Uint8Array(N * N);

const inside = (x: number, y: number): boolean => x >= 0 && x < N && y >= 0 && y < N;

export function get(g: Grid, x: number, y: number): number {
  return inside(x, y) ? g[y * N + x]! : -1;
}

export function set(g: Grid, x: number, y: number, role: Role): void {
  if (inside(x, y)) g[y * N + x] = role;
}

/** Sets (x, y) and its mirror image across the vertical axis. */
export function setPair(g: Grid, x: number, y: number, role: Role): void {
  set(g, x, y, role);
  set(g, N - 1 - x, y, role);
}

/** Parses a 9-row template of LEGEND characters (spaces ignored). */
export function parse(rows: readonly string[]): Grid {
  const lines = rows.map((row) => row.replaceAll(" ", ""));
  if (lines.length !== N || lines.some((l) => l.length !== N)) {
    throw new RangeError(`a template is 9 rows of 9 cells:\n${rows.join("\n")}`);
  }
  return Uint8Array.from(lines.join(""), (ch) => {
    const role = LEGEND[ch];
    if (role === undefined) throw new RangeError(`unknown template character ${ch}`);
    return role;
  });
}

/** Makes a grid satisfy a symmetry by copying every canonical cell onto its images. */
export function symmetrize(g: Grid, mode: Symmetry): Grid {
  return Uint8Array.from(g, (_, cell) => g[canonicalCell(mode, cell)]!);
}

const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** Turns background cells that touch a solid cell (4-neighbourhood) into `role`. */
export function outline(g: Grid, solid: (role: number) => boolean, role: Role = ROLE.line): void {
  const marks: number[] = [];
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      if (g[y * N + x] !== ROLE.bg) continue;
      if (NEIGHBOURS.some(([dx, dy]) => solid(get(g, x + dx, y + dy)))) marks.push(y * N + x);
    }
  }
  for (const cell of marks) g[cell] = role;
}
