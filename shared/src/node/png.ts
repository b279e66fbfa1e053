import { deflateSync } from "node:zlib";
import { COLLECTION } from "../collection.ts";
import type { Art } from "../art/codec.ts";

/** An indexed-colour image: `indices` holds one palette index per pixel, row-major. */
export interface IndexedImage {
  width: number;
  height: number;
  palette: readonly number[];
  indices: Uint8Array;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The smallest PNG bit depth (1, 2, 4 or 8) that indexes `colors` colours. */
export function pngBitDepth(colors: number): number {
  if (colors <= 2) return 1;
  if (colors <= 4) return 2;
  if (colors <= 16) return 4;
  if (colors <= 256) return 8;
  throw new RangeError(`an indexed PNG holds at most 256 colours, not ${colors}`);
}

const PNG_SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);

/** Packs one row of palette indices at `depth` bits per pixel, after a filter byte of 0. */
function packRow(indices: ArrayLike<number>, start: number, width: number, depth: number, colors: number): Uint8Array {
  const row = new Uint8Array(1 + Math.ceil((width * depth) / 8));
  const perByte = 8 / depth;
  for (let x = 0; x < width; x++) {
    const value = indices[start + x]!;
    if (value >= colors) throw new RangeError(`index ${value} outside the palette`);
    row[1 + Math.floor(x / perByte)]! |= value << (8 - depth * ((x % perByte) + 1));
  }
  return row;
}

function png(width: number, height: number, palette: readonly number[], raw: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([pngBitDepth(palette.length), 3, 0, 0, 0], 8);
  const plte = Uint8Array.from(palette.flatMap((rgb) => [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255]));
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", plte),
    chunk("IDAT", deflateSync(raw, { level: 9, memLevel: 9 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** Encodes an indexed-colour (type 3) PNG: smallest bit depth, filter 0, zlib level 9. */
export function encodeIndexedPng(image: IndexedImage): Buffer {
  const { width, height, palette, indices } = image;
  if (indices.length !== width * height) throw new RangeError("indices do not match the size");
  const depth = pngBitDepth(palette.length);
  const stride = 1 + Math.ceil((width * depth) / 8);
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) raw.set(packRow(indices, y * width, width, depth, palette.length), y * stride);
  return png(width, height, palette, raw);
}

/** The piece as an indexed PNG, each pixel a `scale` x `scale` square (32 gives 288x288). */
export function artToPng(art: Art, scale: number = COLLECTION.scaledSize / COLLECTION.gridSize): Buffer {
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError(`scale must be a positive integer, not ${scale}`);
  const n = COLLECTION.gridSize;
  const size = n * scale;
  const depth = pngBitDepth(art.palette.length);
  const stride = 1 + Math.ceil((size * depth) / 8);
  const raw = new Uint8Array(stride * size);
  for (let r = 0; r < n; r++) {
    const scaled = Array.from({ length: size }, (_, x) => art.pixels[r * n + Math.floor(x / scale)]!);
    const row = packRow(scaled, 0, size, depth, art.palette.length);
    for (let k = 0; k < scale; k++) raw.set(row, (r * scale + k) * stride);
  }
  return png(size, size, art.palette, raw);
}
