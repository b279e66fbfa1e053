import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import sharp from "sharp";
import { canonicalize, type Art } from "@pixlings/shared/art/codec";
import { artToPng } from "@pixlings/shared/node/png";
import { artFromRgba, readArtFile } from "./artFile.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-art-file-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const colours = (n: number): number[] => Array.from({ length: n }, (_, i) => 0x102030 + i * 0x0a0b0c);
/** A piece using every colour of `palette`, in stripes. */
const piece = (palette: number[]): Art => ({ palette, pixels: Uint8Array.from({ length: 81 }, (_, cell) => cell % palette.length) });

/** RGBA of `art` at `scale` pixels a cell, as an image editor would save it. */
function rgba(art: Art, scale: number): { width: number; data: Uint8Array } {
  const width = 9 * scale;
  const data = new Uint8Array(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const rgb = art.palette[art.pixels[Math.floor(y / scale) * 9 + Math.floor(x / scale)]!]!;
      data.set([(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255, 255], (y * width + x) * 4);
    }
  }
  return { width, data };
}

const write = (name: string, content: string | Buffer): string => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};

test("a PNG at 9x9 or scaled by a whole number, indexed (the storefront's) or RGBA, reads back as the exact piece", async () => {
  const art = piece(colours(16));
  const expected = canonicalize(art);
  assert.deepEqual(await readArtFile(write("storefront.png", artToPng(art))), expected, "288x288 indexed PNG");
  for (const scale of [1, 3]) {
    const { width, data } = rgba(art, scale);
    const png = await sharp(data, { raw: { width, height: width, channels: 4 } })
      .png()
      .toBuffer();
    assert.deepEqual(await readArtFile(write(`rgba-${scale}.png`, png)), expected, `scale ${scale}`);
  }
});

test("images that are no piece are refused with the reason, never resampled", () => {
  const art = piece(colours(4));
  const { width, data } = rgba(art, 2);
  assert.throws(() => artFromRgba(18, 9, new Uint8Array(18 * 9 * 4)), /the image is 18x9: a piece is square/);
  assert.throws(() => artFromRgba(10, 10, new Uint8Array(400)), /the image is 10 pixels wide: a piece is 9x9 pixels, or 9x9 cells of equal size/);
  const blurred = Uint8Array.from(data);
  blurred[(1 * width + 1) * 4] = 0x99;
  assert.throws(() => artFromRgba(width, width, blurred), /cell \(0, 0\) is not one colour/);
  const transparent = Uint8Array.from(data);
  transparent[(5 * width + 7) * 4 + 3] = 0;
  assert.throws(() => artFromRgba(width, width, transparent), /the pixel at \(7, 5\) is not opaque/);
  const many = rgba(piece(colours(17)), 1);
  assert.throws(() => artFromRgba(9, 9, many.data), /the image has 17 colours: a piece has at most 16/);
  assert.deepEqual(artFromRgba(width, width, data), canonicalize(art));
});

test("JSON in art.json's form reads as the piece; anything else is refused with the file and the reason", async () => {
  const art = piece(["#ff0000", "#00ff00", "#0000ff"].map((c) => parseInt(c.slice(1), 16)));
  const json = { palette: ["#ff0000", "#00FF00", "#0000ff"], pixels: Array.from(art.pixels, (p) => p.toString(16)).join("") };
  assert.deepEqual(await readArtFile(write("piece.json", JSON.stringify(json))), canonicalize(art));
  assert.deepEqual(await readArtFile(write("piece-named.png", JSON.stringify(json))), canonicalize(art), "told apart by content, not by name");

  const refusals: [string, string | Buffer, RegExp][] = [
    ["short.json", JSON.stringify({ ...json, pixels: "012" }), /short\.json: JSON art: pixels must be 81 hex digits/],
    ["colour.json", JSON.stringify({ ...json, palette: ["red", "#00ff00", "#0000ff"] }), /colour "red" is not #rrggbb/],
    ["index.json", JSON.stringify({ ...json, pixels: `3${json.pixels.slice(1)}` }), /pixel index outside palette/],
    ["list.json", JSON.stringify([json]), /JSON art is an object/],
    ["text.png", "not an image", /text\.png: it is neither a PNG nor JSON/],
    ["broken.png", Buffer.concat([artToPng(art).subarray(0, 40)]), /broken\.png: /],
  ];
  for (const [name, content, message] of refusals) await assert.rejects(readArtFile(write(name, content)), message, name);
  await assert.rejects(readArtFile(path.join(dir, "missing.png")), /Cannot read .*missing\.png: ENOENT/);
});
