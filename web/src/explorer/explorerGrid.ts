import type { GridSize } from "../components/gridSizes.ts";

/**
 * Browse's column classes per size: those of every Pix grid (`components/gridSizes.ts`) below
 * `lg`, fewer from `lg` on, where the filters take a 15rem column beside the grid (an XS tile
 * would otherwise leave its name under 60 px at 1280 px).
 */
export const EXPLORER_GRID_COLUMNS: Record<GridSize, string> = {
  XS: "grid-cols-3 sm:grid-cols-6 md:grid-cols-8 xl:grid-cols-10",
  S: "grid-cols-3 sm:grid-cols-5 md:grid-cols-6 xl:grid-cols-8",
  M: "grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6",
  L: "grid-cols-2 md:grid-cols-3 xl:grid-cols-4",
  XL: "grid-cols-1 sm:grid-cols-2 xl:grid-cols-3",
};
