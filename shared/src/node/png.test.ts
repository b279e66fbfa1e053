import assert from "node:assert/strict";
import { test } from "node:test";
import type { Art } from "../art/codec.ts";
import { decodeIndexedPng as decodePng } from "@pixlings/test-kit/png";
import { artToPng, encodeIndexedPng, pngBitDepth } from "./png.ts";
import { canonicalCell } from "../art/symmetry.ts";

/** A vertically symmetric creature-like piece with `colors` colours. */
function sprite(colors: number, seed: number): Art {
  const palette = Array.from({ length: colors }, (_, i) => (Math.imul(i + seed, 0x9e3779b1) >>> 8) & 0xffffff);
  const pixels = Uint8Array.from({ length: 81 }, (_, cell) => {
    const c = canonicalCell("vertical", cell);
    const [r, x] = [Math.floor(c / 9), c % 9];
    return r === 0 || r === 8 || x === 0 ? 0 : (r * 7 + x * 3 + seed) % colors;
  });
  return { palette, pixels };
}

test("artToPng draws every pixel as a scale x scale square of its palette index", () => {
  for (const [colors, scale] of [
    [1, 1],
    [2, 3],
    [4, 32],
    [7, 32],
    [16, 5],
  ] as const) {
    const art = sprite(colors, colors * 11);
    const png = decodePng(artToPng(art, scale));
    assert.equal(png.width, 9 * scale);
    assert.equal(png.height, 9 * scale);
    assert.equal(png.colorType, 3);
    assert.equal(png.depth, pngBitDepth(colors));
    assert.deepEqual(png.palette, art.palette);
    png.indices.forEach((value, i) => {
      const [y, x] = [Math.floor(i / png.width), i % png.width];
      assert.equal(value, art.pixels[Math.floor(y / scale) * 9 + Math.floor(x / scale)]);
    });
  }
});

test("the default scale gives 288x288, at the smallest bit depth", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 8, 9, 16].map(pngBitDepth), [1, 1, 2, 2, 4, 4, 4, 4]);
  const png = decodePng(artToPng(sprite(4, 1)));
  assert.equal(png.width, 288);
  assert.equal(png.depth, 2);
});

test("pieces at 288x288 stay under 600 bytes", () => {
  for (const colors of [2, 3, 4, 6, 8, 12, 16]) {
    for (let seed = 0; seed < 5; seed++) {
      const size = artToPng(sprite(colors, seed)).length;
      assert.ok(size < 600, `${colors} colours, seed ${seed}: ${size} bytes`);
    }
  }
});

test("encodeIndexedPng handles 8-bit images and rejects bad input", () => {
  const palette = Array.from({ length: 40 }, (_, i) => i * 0x010203);
  const indices = Uint8Array.from({ length: 30 * 7 }, (_, i) => i % 40);
  const png = decodePng(encodeIndexedPng({ width: 30, height: 7, palette, indices }));
  assert.equal(png.depth, 8);
  assert.deepEqual(png.indices, [...indices]);
  assert.throws(() => encodeIndexedPng({ width: 2, height: 2, palette: [0], indices: Uint8Array.of(0, 0, 0, 1) }), /outside/);
  assert.throws(() => artToPng(sprite(4, 0), 0), /scale/);
});
