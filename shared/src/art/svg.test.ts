import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalize, decodePiece, encodePiece, type Art } from "./codec.ts";
import { artToSvg, SVG_OPEN, svgToPixels } from "./svg.ts";

/** A tiny deterministic generator of pieces for tests (mulberry32). */
function randomArt(seed: number, colors: number): Art {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const palette = Array.from({ length: colors }, () => Math.floor(next() * 0x1000000));
  const pixels = Uint8Array.from({ length: 81 }, () => (next() < 0.5 ? 0 : Math.floor(next() * colors)));
  return { palette, pixels };
}

const rgbPixels = (art: Art): number[] => Array.from(art.pixels, (p) => art.palette[p]!);

test("a one-colour piece is one background rect", () => {
  const art: Art = { palette: [0x0a0b0c], pixels: new Uint8Array(81) };
  assert.equal(artToSvg(art), `${SVG_OPEN}<rect width='9' height='9' fill='#0a0b0c'/></svg>`);
});

test("runs of one colour in a row merge into one rect, grouped by colour in palette order", () => {
  const pixels = new Uint8Array(81);
  pixels.set([0, 1, 1, 0, 2, 2, 2, 0, 1], 9 * 3);
  pixels[80] = 2;
  const svg = artToSvg({ palette: [0xffffff, 0xab12ef, 0x000001, 0x123456], pixels });
  assert.equal(
    svg,
    `${SVG_OPEN}<rect width='9' height='9' fill='#ffffff'/>` +
      `<g fill='#ab12ef'><rect x='1' y='3' width='2' height='1'/><rect x='8' y='3' width='1' height='1'/></g>` +
      `<g fill='#000001'><rect x='4' y='3' width='3' height='1'/><rect x='8' y='8' width='1' height='1'/></g>` +
      `</svg>`,
  );
  for (const [, fill] of svg.matchAll(/fill='([^']*)'/g)) assert.match(fill!, /^#[0-9a-f]{6}$/);
});

test("svgToPixels(artToSvg(art)) draws exactly the piece's pixels", () => {
  for (let seed = 1; seed <= 300; seed++) {
    const art = randomArt(seed, 1 + (seed % 16));
    assert.deepEqual(svgToPixels(artToSvg(art)), rgbPixels(art), `seed ${seed}`);
    const decoded = decodePiece(encodePiece(art));
    assert.deepEqual(svgToPixels(artToSvg(decoded)), rgbPixels(art), `decoded seed ${seed}`);
    assert.equal(artToSvg(decoded), artToSvg(canonicalize(art)));
  }
});

test("the SVG is as small as its runs: canonical background saves the most", () => {
  const art = canonicalize(randomArt(7, 4));
  const rects = artToSvg(art).match(/<rect /g)?.length ?? 0;
  assert.equal(artToSvg(art).match(/<g /g)?.length ?? 0, art.palette.length - 1);
  let runs = 1;
  for (let y = 0; y < 9; y++) {
    for (let x = 0; x < 9; x++) {
      const v = art.pixels[y * 9 + x]!;
      if (v !== 0 && (x === 0 || art.pixels[y * 9 + x - 1] !== v)) runs++;
    }
  }
  assert.equal(rects, runs);
});

test("svgToPixels paints in order, with a rect's own fill or its group's", () => {
  const svg =
    `${SVG_OPEN}<rect width="9" height="9" fill="#000000"/><rect width="2" height="1" fill="#FF0000"/>` +
    `<g fill="#00ff00"><rect x="1" y="0" width="1" height="1"/><rect x="3" y="0" width="1" height="1" fill="#0000ff"/></g></svg>`;
  assert.deepEqual(svgToPixels(svg).slice(0, 4), [0xff0000, 0x00ff00, 0, 0x0000ff]);
});

test("svgToPixels rejects unpainted cells, bad fills and rects outside the grid", () => {
  assert.throws(() => svgToPixels(`${SVG_OPEN}<rect width="9" height="8" fill="#000000"/></svg>`), /not painted/);
  assert.throws(() => svgToPixels(`${SVG_OPEN}<rect width="9" height="9" fill="red"/></svg>`), /fill/);
  assert.throws(() => svgToPixels(`${SVG_OPEN}<rect x="8" width="2" height="1" fill="#000000"/></svg>`), /leaves/);
  assert.throws(() => svgToPixels(`<svg viewBox="0 0 10 10"></svg>`), /9x9/);
  assert.throws(() => svgToPixels(`${SVG_OPEN}<rect width="9" height="9" fill="#000000"/><g fill="#ffffff"></svg>`), /unclosed/);
});
