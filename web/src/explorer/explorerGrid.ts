import type { GridSize } from "../components/gridSizes.ts";

/**
 * Browse's column classes per size: those of every Pix grid (`components/gridSizes.ts`) below
 * `lg`, fewer from `lg` on, where the filters take a 15rem column beside the grid (an XS tile
 * stays wide enough for its name and its tier badge, about 97 px at 1280 px).
 */
export const EXPLORER_GRID_COLUMNS: Record<GridSize, string> = {
  XS: "grid-cols-3 sm:grid-cols-6 md:grid-cols-8 lg:grid-cols-6 xl:grid-cols-9",
  S: "grid-cols-3 sm:grid-cols-5 md:grid-cols-6 lg:grid-cols-5 xl:grid-cols-7",
  M: "grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5",
  L: "grid-cols-2 md:grid-cols-3 xl:grid-cols-4",
  XL: "grid-cols-1 sm:grid-cols-2 xl:grid-cols-3",
};
