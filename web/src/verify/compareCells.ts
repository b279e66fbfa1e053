import { COLLECTION } from "@pixlings/shared/collection";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import type { CellColours } from "./chainPixels.ts";

const N = COLLECTION.gridSize;

/** A cell whose colour on a chain is not the colour the shop's image shows. */
export interface CellDifference {
  /** Row-major index, 0..80. */
  cell: number;
  /** 1-based, as a person counts. */
  row: number;
  column: number;
  chain: string;
  shop: string;
}

/** Every cell where the chain's colours and the shop's differ, in reading order. */
export function differingCells(chain: CellColours, shop: CellColours): CellDifference[] {
  if (chain.length !== N * N || shop.length !== N * N) throw new RangeError(`both pictures need ${N * N} cells`);
  const out: CellDifference[] = [];
  chain.forEach((rgb, cell) => {
    if (rgb !== shop[cell]) out.push({ cell, row: Math.floor(cell / N) + 1, column: (cell % N) + 1, chain: colourHex(rgb), shop: colourHex(shop[cell]!) });
  });
  return out;
}

/** "row 2, column 5 (chain #ff0000, shop #00ff00)", the first `limit` of them, then how many more. */
export function describeDifferences(differences: readonly CellDifference[], limit = 8): string {
  const named = differences
    .slice(0, limit)
    .map((d) => `row ${d.row}, column ${d.column} (chain ${d.chain}, shop ${d.shop})`)
    .join("; ");
  const more = differences.length - limit;
  return more > 0 ? `${named}; and ${more} more` : named;
}
