import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";

export interface DecodedPng {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  palette: number[];
  /** One palette index per pixel, row-major. */
  indices: number[];
}

const CRC = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array): number => (b.reduce((c, x) => CRC[(c ^ x) & 255]! ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;

/** Test support, not for serving: a minimal, independent decoder for indexed, non-interlaced PNGs with filter 0 on every row (asserts CRCs). */
export function decodeIndexedPng(png: Buffer): DecodedPng {
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], "PNG signature");
  let at = 8;
  const out: DecodedPng = { width: 0, height: 0, depth: 0, colorType: 0, palette: [], indices: [] };
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
      assert.deepEqual([...data.subarray(10, 13)], [0, 0, 0], "compression, filter, interlace");
    } else if (type === "PLTE") {
      for (let i = 0; i < length; i += 3) out.palette.push((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    } else if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  assert.equal(out.colorType, 3, "indexed colour");
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
