/** A rectangle in the 100×100 box every product is drawn in. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Shape {
  /** SVG elements of the product (in a 0..100 viewBox), `fill` its colour and `line` its outline. */
  draw(fill: string, line: string, view: "front" | "back"): string;
  /** Where each placement prints, by placement key; `front`/`back`/`default` as fallbacks by view. */
  areas: Record<string, Box>;
}

const path = (d: string, fill: string, line: string): string => `<path d="${d}" fill="${fill}" stroke="${line}" stroke-width="0.8" stroke-linejoin="round"/>`;
const rect = (box: Box, fill: string, line: string, radius = 0): string =>
  `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${radius}" fill="${fill}" stroke="${line}" stroke-width="0.8"/>`;

const TEE = "M30 12 L40 8 Q50 NECK 60 8 L70 12 L88 26 L80 38 L70 32 L70 92 L30 92 L30 32 L20 38 L12 26 Z";
const LONG_SLEEVE = "M30 12 L40 8 Q50 NECK 60 8 L70 12 L86 40 L94 74 L84 77 L74 46 L70 40 L70 92 L30 92 L30 40 L26 46 L16 77 L6 74 L14 40 Z";
const HOODIE = "M28 18 L38 12 Q50 NECK 62 12 L72 18 L86 42 L92 76 L82 78 L74 48 L72 44 L72 92 L28 92 L28 44 L26 48 L18 78 L8 76 L14 42 Z";
const TANK = "M36 8 L42 8 Q50 NECK 58 8 L64 8 Q66 22 72 28 L72 92 L28 92 L28 28 Q34 22 36 8 Z";
const neck = (d: string, view: "front" | "back", front: number, back: number): string => d.replace("NECK", String(view === "front" ? front : back));

const garment = { front: { x: 35, y: 22, w: 30, h: 40 }, back: { x: 35, y: 22, w: 30, h: 40 } };

/** The products' silhouettes, drawn by the stand-in at start and coloured per variant. */
const SHAPES = {
  tshirt: { draw: (fill, line, view) => path(neck(TEE, view, 16, 10), fill, line), areas: garment },
  longsleeve: { draw: (fill, line, view) => path(neck(LONG_SLEEVE, view, 16, 10), fill, line), areas: garment },
  tank: {
    draw: (fill, line, view) => path(neck(TANK, view, 26, 16), fill, line),
    areas: { front: { x: 35, y: 34, w: 30, h: 40 }, back: { x: 35, y: 30, w: 30, h: 40 } },
  },
  hoodie: {
    draw: (fill, line, view) =>
      path("M38 13 Q36 0 50 1 Q64 0 62 13 Q50 24 38 13 Z", fill, line) +
      path(neck(HOODIE, view, 24, 16), fill, line) +
      (view === "front" ? path("M36 68 L64 68 L68 84 L32 84 Z", fill, line) : ""),
    areas: { embroidery_chest_left: { x: 56, y: 27, w: 9, h: 9 }, front: { x: 36, y: 30, w: 28, h: 28 }, back: { x: 35, y: 24, w: 30, h: 40 } },
  },
  mug: {
    draw: (fill, line) =>
      `<path d="M72 36 Q90 36 90 53 Q90 70 72 70" fill="none" stroke="${line}" stroke-width="6"/>${rect({ x: 18, y: 24, w: 54, h: 58 }, fill, line, 4)}`,
    areas: { default: { x: 22, y: 34, w: 46, h: 21.5 } },
  },
  travelMug: {
    draw: (fill, line) =>
      `<path d="M66 34 Q80 34 80 50 Q80 66 65 66" fill="none" stroke="${line}" stroke-width="5"/>${path("M32 18 L68 18 L64 90 L36 90 Z", fill, line)}${rect({ x: 30, y: 10, w: 40, h: 10 }, fill, line, 3)}`,
    areas: { default: { x: 37, y: 36, w: 26, h: 20.8 } },
  },
  bottle: {
    draw: (fill, line) =>
      rect({ x: 40, y: 5, w: 20, h: 9 }, line, line, 2) +
      rect({ x: 42, y: 13, w: 16, h: 13 }, fill, line) +
      rect({ x: 34, y: 24, w: 32, h: 70 }, fill, line, 8),
    areas: { default: { x: 37, y: 38, w: 26, h: 36.4 } },
  },
  pillow: { draw: (fill, line) => rect({ x: 14, y: 14, w: 72, h: 72 }, fill, line, 10), areas: { front: { x: 18, y: 18, w: 64, h: 64 } } },
  poster: { draw: (fill, line) => rect({ x: 20, y: 10, w: 60, h: 80 }, fill, line), areas: { default: { x: 20, y: 10, w: 60, h: 80 } } },
  canvas: {
    draw: (fill, line) => path("M82 18 L86 22 L86 86 L22 86 L18 82 L82 82 Z", line, line) + rect({ x: 18, y: 18, w: 64, h: 64 }, fill, line),
    areas: { default: { x: 18, y: 18, w: 64, h: 64 } },
  },
  tote: {
    draw: (fill, line) =>
      `<path d="M36 38 Q36 12 50 12 Q64 12 64 38" fill="none" stroke="${line}" stroke-width="3"/>${rect({ x: 20, y: 36, w: 60, h: 58 }, fill, line, 2)}`,
    areas: { front: { x: 30, y: 46, w: 40, h: 40 } },
  },
  phoneCase: {
    draw: (fill, line) => rect({ x: 30, y: 8, w: 40, h: 84 }, fill, line, 7) + rect({ x: 34, y: 12, w: 13, h: 13 }, line, line, 3),
    areas: { default: { x: 35, y: 30, w: 30, h: 60 } },
  },
  sticker: {
    draw: (fill, line) => `<circle cx="50" cy="50" r="34" fill="${fill}" stroke="${line}" stroke-width="0.8"/>`,
    areas: { default: { x: 26, y: 26, w: 48, h: 48 } },
  },
  pin: {
    draw: (fill, line) => `<circle cx="50" cy="50" r="22" fill="${fill}" stroke="${line}" stroke-width="1.5"/>`,
    areas: { default: { x: 37, y: 37, w: 26, h: 26 } },
  },
} satisfies Record<string, Shape>;

export type ShapeName = keyof typeof SHAPES;

const hexChannels = (hex: string): [number, number, number] => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];

/** An outline a little darker than the fill (light grey for white and near-white products). */
function outlineOf(hex: string): string {
  const [r, g, b] = hexChannels(hex);
  if (0.2126 * r + 0.7152 * g + 0.0722 * b > 200) return "#b9bec6";
  const dark = (c: number): string =>
    Math.round(c * 0.6)
      .toString(16)
      .padStart(2, "0");
  return r + g + b < 60 ? "#3a3a3a" : `#${dark(r)}${dark(g)}${dark(b)}`;
}

/** The product as an SVG document of `size`×`size` pixels on a studio-grey background. */
export function productSvg(shape: ShapeName, colourHex: string, view: "front" | "back", size: number): string {
  const body = SHAPES[shape].draw(colourHex, outlineOf(colourHex), view);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="#eef0f3"/>${body}</svg>`;
}

/** Where `placement` prints on `shape` (0..100 box), or undefined when the shape has no such area. */
export function printArea(shape: ShapeName, placement: string, view: "front" | "back"): Box | undefined {
  const areas: Record<string, Box> = SHAPES[shape].areas;
  return areas[placement] ?? areas[view] ?? areas.default;
}
