/** The Pix grids' sizes (spec: browse and the admin's NFT tab), XS to XL. */
export const GRID_SIZES = ["XS", "S", "M", "L", "XL"] as const;
export type GridSize = (typeof GRID_SIZES)[number];

/** Column classes per size (static strings so Tailwind sees them). */
export const GRID_COLUMNS: Record<GridSize, string> = {
  // Three across a phone: four left a name about 60 px, too narrow for one word of a name.
  XS: "grid-cols-3 sm:grid-cols-6 md:grid-cols-8 lg:grid-cols-10 xl:grid-cols-12",
  S: "grid-cols-3 sm:grid-cols-5 md:grid-cols-6 lg:grid-cols-8",
  M: "grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6",
  L: "grid-cols-2 md:grid-cols-3 lg:grid-cols-4",
  XL: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3",
};

/** ?size=, clamped to XS..XL; M by default. */
export function parseGridSize(raw: string | null): GridSize {
  const upper = raw?.toUpperCase();
  return GRID_SIZES.find((size) => size === upper) ?? "M";
}
