import { CELL_COUNT, COLLECTION } from "../collection.ts";
import type { Art } from "./codec.ts";

const N = COLLECTION.gridSize;

export const SVG_OPEN = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 9 9' shape-rendering='crispEdges'>";
const SVG_CLOSE = "</svg>";

const hex6 = (rgb: number): string => rgb.toString(16).padStart(6, "0");

/** One `<rect>` per horizontal run of palette index `v`, row by row. */
function runs(pixels: Uint8Array, v: number): string {
  let out = "";
  for (let y = 0; y < N; y++) {
    let x = 0;
    while (x < N) {
      if (pixels[y * N + x] !== v) {
        x++;
        continue;
      }
      let end = x + 1;
      while (end < N && pixels[y * N + end] === v) end++;
      out += `<rect x='${x}' y='${y}' width='${end - x}' height='1'/>`;
      x = end;
    }
  }
  return out;
}

/**
 * The SVG the contract's ArtRenderer writes: palette[0] as one 9x9 background rect, then for
 * every other colour in use, in palette order, a `<g fill='#rrggbb'>` holding one rect per
 * horizontal run of that colour. The art is drawn as given; decoded pieces are canonical, so
 * palette[0] is the most used colour.
 */
export function artToSvg(art: Art): string {
  let out = `${SVG_OPEN}<rect width='9' height='9' fill='#${hex6(art.palette[0]!)}'/>`;
  for (let v = 1; v < art.palette.length; v++) {
    if (!art.pixels.includes(v)) continue;
    out += `<g fill='#${hex6(art.palette[v]!)}'>${runs(art.pixels, v)}</g>`;
  }
  return out + SVG_CLOSE;
}

const TAG = /<(\/?)(rect|g)\b([^>]*?)(\/?)>/g;
const ATTR = /([a-z-]+)=(?:"([^"]*)"|'([^']*)')/g;

function attributes(text: string): Map<string, string> {
  return new Map([...text.matchAll(ATTR)].map((m) => [m[1]!, (m[2] ?? m[3])!]));
}

function integer(attrs: Map<string, string>, name: string, fallback?: number): number {
  const text = attrs.get(name);
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (text === undefined || !Number.isInteger(value)) throw new RangeError(`rect ${name}="${text}" is not an integer`);
  return value;
}

function color(fill: string | undefined): number {
  const m = /^#([0-9a-fA-F]{6})$/.exec(fill ?? "");
  if (!m) throw new RangeError(`fill "${fill}" is not #rrggbb`);
  return parseInt(m[1]!, 16);
}

/**
 * Rasterises an SVG of rects on the 9x9 grid (as the contract and `artToSvg` write them; a rect
 * takes its own fill or that of its enclosing `<g>`) in painter's order: 81 RGB integers,
 * row-major. Throws if a cell is left unpainted or a rect is malformed.
 */
export function svgToPixels(svg: string): number[] {
  if (!/^\s*<svg\b[^>]*\bviewBox=["']0 0 9 9["'][^>]*>/.test(svg) || !svg.trimEnd().endsWith(SVG_CLOSE)) {
    throw new RangeError("not a 9x9 SVG");
  }
  const pixels = new Array<number>(CELL_COUNT).fill(-1);
  const fills: (number | undefined)[] = [];
  for (const [, closing, tag, attrText, selfClosing] of svg.matchAll(TAG)) {
    const attrs = attributes(attrText!);
    if (tag === "g") {
      if (closing) fills.pop();
      else if (!selfClosing) fills.push(attrs.has("fill") ? color(attrs.get("fill")) : fills.at(-1));
      continue;
    }
    const inherited = fills.at(-1);
    const rgb = attrs.has("fill") || inherited === undefined ? color(attrs.get("fill")) : inherited;
    const x0 = integer(attrs, "x", 0);
    const y0 = integer(attrs, "y", 0);
    const w = integer(attrs, "width");
    const h = integer(attrs, "height");
    if (x0 < 0 || y0 < 0 || w < 1 || h < 1 || x0 + w > N || y0 + h > N) {
      throw new RangeError(`rect ${x0},${y0} ${w}x${h} leaves the 9x9 grid`);
    }
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) pixels[y * N + x] = rgb;
  }
  if (fills.length > 0) throw new RangeError("unclosed <g>");
  const gap = pixels.indexOf(-1);
  if (gap >= 0) throw new RangeError(`cell ${gap % N},${Math.floor(gap / N)} is not painted`);
  return pixels;
}

export const SVG_DATA_URI_PREFIX = "data:image/svg+xml;utf8,";

/** The SVG as the contract embeds it in its JSON: a UTF-8 data URI with `#` escaped. */
export function svgDataUri(svg: string): string {
  return SVG_DATA_URI_PREFIX + svg.replaceAll("#", "%23");
}
