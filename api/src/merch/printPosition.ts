import { COLLECTION } from "@pixlings/shared/collection";
import type { PrintPosition } from "./printfulWire.ts";

/**
 * Where the Pix goes in a print area of `width`×`height` print pixels: a square of 90% of the
 * shorter side, rounded down to a multiple of 9 so every Pix pixel is a whole number of print
 * pixels; centred across, and on a portrait area (a shirt's front) in its upper part, where a
 * chest print sits.
 */
export function pixPosition(area: { width: number; height: number }): PrintPosition {
  const grid = COLLECTION.gridSize;
  const side = Math.max(grid, Math.floor((Math.min(area.width, area.height) * 0.9) / grid) * grid);
  const spareHeight = area.height - side;
  const top = Math.round(area.height > area.width ? spareHeight * 0.2 : spareHeight / 2);
  return { area_width: area.width, area_height: area.height, width: side, height: side, top, left: Math.round((area.width - side) / 2) };
}
