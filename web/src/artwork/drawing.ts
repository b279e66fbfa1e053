import { colourHex, toPixelArt as artToPixelArt } from "@pixlings/shared/art/pixelArt";
import { CELL_COUNT, COLLECTION } from "@pixlings/shared/collection";
import type { PixelArt } from "@pixlings/shared/http/submissions";

/**
 * A piece being drawn in the 9x9 editor: a palette of at most 16 swatches (24-bit RGB) and one
 * swatch index per cell, row-major. Changing a swatch recolours every cell painted with it, as in
 * any palette editor; the palette can never exceed the contract's 16 colours.
 */
export interface Drawing {
  palette: readonly number[];
  cells: Uint8Array;
}

/** The starting swatches (the PICO-8 palette: 16 colours that read well at 9x9), with names for screen readers. */
export const DEFAULT_SWATCHES: readonly { rgb: number; name: string }[] = [
  { rgb: 0xfff1e8, name: "White" },
  { rgb: 0x000000, name: "Black" },
  { rgb: 0x1d2b53, name: "Dark blue" },
  { rgb: 0x7e2553, name: "Dark purple" },
  { rgb: 0x008751, name: "Dark green" },
  { rgb: 0xab5236, name: "Brown" },
  { rgb: 0x5f574f, name: "Dark grey" },
  { rgb: 0xc2c3c7, name: "Light grey" },
  { rgb: 0xff004d, name: "Red" },
  { rgb: 0xffa300, name: "Orange" },
  { rgb: 0xffec27, name: "Yellow" },
  { rgb: 0x00e436, name: "Green" },
  { rgb: 0x29adff, name: "Blue" },
  { rgb: 0x83769c, name: "Lavender" },
  { rgb: 0xff77a8, name: "Pink" },
  { rgb: 0xffccaa, name: "Peach" },
];

/** A blank canvas: every cell the first swatch (the background). */
export function newDrawing(palette: readonly number[] = DEFAULT_SWATCHES.map((swatch) => swatch.rgb)): Drawing {
  if (palette.length < 1 || palette.length > COLLECTION.maxColors) throw new RangeError(`a palette has 1..${COLLECTION.maxColors} colours`);
  return { palette: [...palette], cells: new Uint8Array(CELL_COUNT) };
}

/** `cell` painted with swatch `swatch`; the same object when nothing changes (so a drag over one cell renders once). */
export function paint(drawing: Drawing, cell: number, swatch: number): Drawing {
  if (!Number.isInteger(cell) || cell < 0 || cell >= CELL_COUNT || swatch < 0 || swatch >= drawing.palette.length) return drawing;
  if (drawing.cells[cell] === swatch) return drawing;
  const cells = Uint8Array.from(drawing.cells);
  cells[cell] = swatch;
  return { palette: drawing.palette, cells };
}

/** Every cell painted with `swatch` (Clear paints the background). */
export function fillAll(drawing: Drawing, swatch: number): Drawing {
  if (swatch < 0 || swatch >= drawing.palette.length) return drawing;
  return { palette: drawing.palette, cells: new Uint8Array(CELL_COUNT).fill(swatch) };
}

/** Swatch `index` becomes `rgb`: the cells painted with it change with it. */
export function setSwatch(drawing: Drawing, index: number, rgb: number): Drawing {
  if (index < 0 || index >= drawing.palette.length || !Number.isInteger(rgb) || rgb < 0 || rgb > 0xffffff) return drawing;
  const palette = [...drawing.palette];
  palette[index] = rgb;
  return { palette, cells: drawing.cells };
}

/** The colours the piece uses (two swatches of one colour count once), as the contract counts them. */
export function colorsUsed(drawing: Drawing): number {
  return new Set(Array.from(drawing.cells, (swatch) => drawing.palette[swatch])).size;
}

/** A piece of one colour is no artwork yet. */
export function isBlank(drawing: Drawing): boolean {
  return colorsUsed(drawing) < 2;
}

/** The piece as the HTTP contract carries it, in the codec's canonical form (palette by use, unused swatches dropped): what is submitted. */
export function toPixelArt(drawing: Drawing): PixelArt {
  return artToPixelArt({ palette: [...drawing.palette], pixels: Uint8Array.from(drawing.cells) });
}

/** The 24-bit colour of "#rrggbb" (what `<input type="color">` gives), or undefined. */
export function fromHex(hex: string): number | undefined {
  return /^#[0-9a-f]{6}$/i.test(hex) ? Number.parseInt(hex.slice(1), 16) : undefined;
}

/** A swatch's name for screen readers: its starting name while unchanged, else its hex. */
export function swatchName(rgb: number): string {
  return DEFAULT_SWATCHES.find((swatch) => swatch.rgb === rgb)?.name ?? colourHex(rgb);
}
