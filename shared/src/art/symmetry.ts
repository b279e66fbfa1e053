import { COLLECTION } from "../collection.ts";

const N = COLLECTION.gridSize;
const LAST = N - 1;

/**
 * Symmetry modes, in the order the encoder tries them: the first mode a piece satisfies is both
 * its trait and the fundamental domain that the codec stores (fewest cells first).
 * The numeric code is what the contract reads from a piece's header.
 */
export const SYMMETRY = {
  none: 0,
  vertical: 1,
  horizontal: 2,
  both: 3,
  diagonal: 4,
  rotational: 5,
} as const;
export type Symmetry = keyof typeof SYMMETRY;

export const SYMMETRY_BY_CODE: readonly Symmetry[] = ["none", "vertical", "horizontal", "both", "diagonal", "rotational"];

const SYMMETRY_PREFERENCE: readonly Symmetry[] = ["both", "rotational", "vertical", "horizontal", "diagonal", "none"];

export const SYMMETRY_LABEL: Record<Symmetry, string> = {
  none: "None",
  vertical: "Vertical",
  horizontal: "Horizontal",
  both: "Both",
  diagonal: "Diagonal",
  rotational: "Rotational",
};

/** The cell (row-major index) whose colour a cell repeats under a symmetry. */
export function canonicalCell(mode: Symmetry, cell: number): number {
  const r = Math.floor(cell / N);
  const c = cell % N;
  switch (mode) {
    case "none":
      return cell;
    case "vertical":
      return r * N + Math.min(c, LAST - c);
    case "horizontal":
      return Math.min(r, LAST - r) * N + c;
    case "both":
      return Math.min(r, LAST - r) * N + Math.min(c, LAST - c);
    case "diagonal":
      return r <= c ? cell : c * N + r;
    case "rotational":
      return Math.min(cell, N * N - 1 - cell);
  }
}

function buildDomains(): Record<Symmetry, { cells: number[]; indexOf: number[] }> {
  const out = {} as Record<Symmetry, { cells: number[]; indexOf: number[] }>;
  for (const mode of SYMMETRY_BY_CODE) {
    const cells: number[] = [];
    for (let cell = 0; cell < N * N; cell++) if (canonicalCell(mode, cell) === cell) cells.push(cell);
    const indexOf = Array.from({ length: N * N }, (_, cell) => cells.indexOf(canonicalCell(mode, cell)));
    out[mode] = { cells, indexOf };
  }
  return out;
}

/**
 * Per mode: the stored cells in row-major order, and for every cell the position of its
 * canonical cell among them.
 */
export const DOMAINS = buildDomains();

export function hasSymmetry(pixels: ArrayLike<number>, mode: Symmetry): boolean {
  for (let cell = 0; cell < N * N; cell++) {
    if (pixels[cell] !== pixels[canonicalCell(mode, cell)]) return false;
  }
  return true;
}

export function symmetryOf(pixels: ArrayLike<number>): Symmetry {
  return SYMMETRY_PREFERENCE.find((mode) => hasSymmetry(pixels, mode)) ?? "none";
}
