import { CELL_COUNT, COLLECTION } from "@pixlings/shared/collection";
import type { CellColours } from "./chainPixels.ts";

const N = COLLECTION.gridSize;

/**
 * The colours of the 81 cells of the PNG the shop serves at `url` (the image the page shows),
 * decoded by the browser and sampled at each cell's centre, with no colour management in between.
 * Asks the shop again (`no-cache`), so a cached copy is checked against what it serves now.
 */
export async function servedPngCells(url: string): Promise<CellColours> {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`the shop answered ${response.status} for its image`);
  const bitmap = await createImageBitmap(await response.blob(), { colorSpaceConversion: "none", premultiplyAlpha: "none" });
  try {
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("this browser cannot read images");
    context.imageSmoothingEnabled = false;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return Array.from({ length: CELL_COUNT }, (_, cell) => {
      const x = Math.floor((((cell % N) + 0.5) * bitmap.width) / N);
      const y = Math.floor(((Math.floor(cell / N) + 0.5) * bitmap.height) / N);
      const o = (y * bitmap.width + x) * 4;
      return (data[o]! << 16) | (data[o + 1]! << 8) | data[o + 2]!;
    });
  } finally {
    bitmap.close();
  }
}
