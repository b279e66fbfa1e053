import assert from "node:assert/strict";
import { test } from "node:test";
import { inflateSync } from "node:zlib";
import type { Art } from "./codec.ts";
import { artToPng, encodeIndexedPng, pngBitDepth } from "./png.ts";
import { canonicalCell } from "./symmetry.ts";

interface Decoded {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  palette: number[];
  indices: number[];
}

const CRC = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array): number => (b.reduce((c, x) => CRC[(c ^ x) & 255]! ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

/** A minimal decoder for indexed, non-interlaced PNGs with filter 0 on every row. */
function decodePng(png: Buffer): Decoded {
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  let at = 8;
  const out = { width: 0, height: 0, depth: 0, colorType: 0, palette: [] as number[], indices: [] as number[] };
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `${type} CRC`);
    if (type === "IHDR") {
      out.width = data.readUInt32BE(0);
      out.height = data.readUInt32BE(4);
      out.depth = data[8]!;
      out.colorType = data[9]!;
      assert.deepEqual([...data.subarray(10, 13)], [0, 0, 0]);
    } else if (type === "PLTE") {
      for (let i = 0; i < length; i += 3) out.palette.push((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    } else if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = 1 + Math.ceil((out.width * out.depth) / 8);
  assert.equal(raw.length, stride * out.height);
  for (let y = 0; y < out.height; y++) {
    assert.equal(raw[y * stride], 0, "filter 0");
    for (let x = 0; x < out.width; x++) {
      const bit = x * out.depth;
      const byte = raw[y * stride + 1 + (bit >> 3)]!;
      out.indices.push((byte >> (8 - out.depth - (bit & 7))) & ((1 << out.depth) - 1));
    }
  }
  return out;
}

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
  for (const [colors, scale] of [[1, 1], [2, 3], [4, 32], [7, 32], [16, 5]] as const) {
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
