// Uploads converted by the real sharp: pixel art at any scale and format comes back exact; hostile
// or unfit files are refused with the exact reason (the hostile uploads, at the converter).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { canonicalize, type Art } from "@pixlings/shared/art/codec";
import { artToPng } from "@pixlings/shared/node/png";
import { CodedError } from "../http/HttpError.ts";
import { convertUpload } from "./convertUpload.ts";

/** A picture with `colors` colours in bands (not a valid piece past 16). */
function picture(colors: number): Art {
  const palette = Array.from({ length: colors }, (_, i) => (((i * 53) % 256) << 16) | (((i * 97) % 256) << 8) | ((i * 151 + 40) % 256));
  return { palette, pixels: Uint8Array.from({ length: 81 }, (_, cell) => cell % colors) };
}
const piece = (colors: number): Art => canonicalize(picture(colors));

/** The piece drawn at `scale` pixels a cell, as raw RGBA for sharp. */
function rgba(art: Art, scale: number, alphaAt?: number): { data: Buffer; info: { width: number; height: number; channels: 4 } } {
  const side = 9 * scale;
  const data = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const cell = Math.floor(y / scale) * 9 + Math.floor(x / scale);
      const rgb = art.palette[art.pixels[cell]!]!;
      data.set([rgb >> 16, (rgb >> 8) & 255, rgb & 255, cell === alphaAt ? 0 : 255], (y * side + x) * 4);
    }
  }
  return { data, info: { width: side, height: side, channels: 4 } };
}

const image = (art: Art, scale: number, alphaAt?: number): ReturnType<typeof sharp> => {
  const { data, info } = rgba(art, scale, alphaAt);
  return sharp(data, { raw: info });
};

/** The pieces one under the other as the frames (pages) of one image, `scale` pixels a cell. */
function frames(arts: readonly Art[], scale: number): ReturnType<typeof sharp> {
  const drawn = arts.map((art) => rgba(art, scale).data);
  const side = 9 * scale;
  return sharp(Buffer.concat(drawn), { raw: { width: side, height: side * arts.length, channels: 4, pageHeight: side } });
}

/** The piece as stored by a camera held sideways: turned a quarter left, so EXIF orientation 6 (turn right) shows it upright. */
function storedSideways(art: Art): Art {
  return { palette: art.palette, pixels: Uint8Array.from({ length: 81 }, (_, cell) => art.pixels[(cell % 9) * 9 + (8 - Math.floor(cell / 9))]!) };
}

/** A PNG of the given header (IHDR) with `idat` as its only image data: a file can declare any size. */
function pngDeclaring(width: number, height: number, idat: Uint8Array): Buffer {
  const chunk = (type: string, data: Uint8Array): Buffer => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", idat),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** An ISO-BMFF file's `ftyp` box with these brands (major first), then filler: what an iPhone's HEIC starts with. */
function ftyp(major: string, compatible: readonly string[]): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, "latin1");
  for (const [i, brand] of compatible.entries()) box.write(brand, 16 + 4 * i, "latin1");
  return Buffer.concat([box, Buffer.alloc(64, 7)]);
}

async function refusal(bytes: Uint8Array): Promise<CodedError> {
  try {
    await convertUpload(bytes);
  } catch (error) {
    assert.ok(error instanceof CodedError, String(error));
    return error;
  }
  assert.fail("converted a file it should refuse");
}

const same = (a: Art, b: Art): void => assert.deepEqual({ palette: a.palette, pixels: [...a.pixels] }, { palette: b.palette, pixels: [...b.pixels] });

/** A lossy format keeps the drawing and each colour within a few steps a channel. */
function close(a: Art, b: Art): void {
  assert.deepEqual([...a.pixels], [...b.pixels]);
  a.palette.forEach((rgb, i) => {
    for (const shift of [16, 8, 0])
      assert.ok(Math.abs(((rgb >> shift) & 255) - ((b.palette[i]! >> shift) & 255)) <= 8, `colour ${i}: ${rgb} vs ${b.palette[i]}`);
  });
}

describe("convertUpload", () => {
  const art = piece(16);

  it("reads a 9x9 PNG (our own encoder's) exactly, and the same piece scaled up by 32 or by 5", async () => {
    same(await convertUpload(artToPng(art, 1)), art);
    same(await convertUpload(artToPng(art, 32)), art);
    same(await convertUpload(await image(art, 5).png().toBuffer()), art);
  });

  it("reads every accepted format by its bytes: JPEG (noise merged), GIF, WebP, AVIF, TIFF, 16-bit PNG", async () => {
    const flat = piece(6);
    close(await convertUpload(await image(flat, 32).jpeg({ quality: 80 }).toBuffer()), flat);
    same(await convertUpload(await image(flat, 8).gif({ dither: 0 }).toBuffer()), flat);
    same(await convertUpload(await image(flat, 16).webp({ lossless: true }).toBuffer()), flat);
    close(await convertUpload(await image(flat, 16).webp({ quality: 90 }).toBuffer()), flat);
    close(await convertUpload(await image(flat, 16).avif({ quality: 90 }).toBuffer()), flat);
    same(await convertUpload(await image(flat, 4).tiff({ compression: "lzw" }).toBuffer()), flat);
    same(await convertUpload(await image(flat, 4).toColourspace("rgb16").png().toBuffer()), flat);
  });

  it("lays transparency on white", async () => {
    const converted = await convertUpload(await image(piece(3), 4, 40).png().toBuffer());
    assert.equal(converted.palette[converted.pixels[40]!], 0xffffff);
  });

  it("refuses 17 colours after reduction, naming the count", async () => {
    const error = await refusal(await image(picture(17), 4).png().toBuffer());
    assert.equal(error.status, 422);
    assert.deepEqual(error.details, { code: "image_too_many_colors", colors: 17, max: 16 });
    assert.match(error.message, /17 colours .* at most 16/);
  });

  it("refuses 10x9 (not square), 8x8 (too small) and 2049x2049 (too large a side)", async () => {
    const tenByNine = await sharp({ create: { width: 10, height: 9, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    assert.deepEqual((await refusal(tenByNine)).details, { code: "image_not_square", width: 10, height: 9 });
    assert.match((await refusal(tenByNine)).message, /must be square: this one is 10x9/);
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    assert.deepEqual((await refusal(small)).details, { code: "image_size", width: 8, height: 8, min: 9, max: 2048 });
    const huge = await sharp({ create: { width: 2049, height: 2049, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const tooBig = await refusal(huge);
    assert.equal(tooBig.status, 422);
    assert.match(tooBig.message, /9 to 2048 pixels a side: this one is 2049x2049/);
  });

  it("refuses a 20 MB file before decoding it (413)", async () => {
    const png = artToPng(art, 32);
    const big = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 - png.length)]);
    const error = await refusal(big);
    assert.equal(error.status, 413);
    assert.deepEqual(error.details, { code: "image_too_large", maxBytes: 2 * 1024 * 1024 });
  });

  it("refuses SVG, with a script or without, and never rasterises it (415)", async () => {
    const svgs = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script><rect width="9" height="9" fill="red"/></svg>',
      '<?xml version="1.0"?>\n<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg" width="90" height="90"><image href="file:///etc/passwd"/></svg>',
      "\ufeff  <svg width='9' height='9' onload='alert(1)'></svg>",
    ];
    for (const svg of svgs) {
      const error = await refusal(Buffer.from(svg));
      assert.equal(error.status, 415);
      assert.equal((error.details as { detected: string | null }).detected, "svg");
      assert.match(error.message, /SVG images are not accepted/);
    }
  });

  it("judges by content, not name: text, HTML, a PDF or a ZIP (say renamed to .png) is not an image; a damaged PNG is refused too", async () => {
    for (const bytes of ["just text", "<html><body>hi</body></html>", "%PDF-1.7\n1 0 obj", "PK\u0003\u0004zip", ""]) {
      const error = await refusal(Buffer.from(bytes));
      assert.equal(error.status, 415, bytes);
      assert.deepEqual(error.details, {
        code: "image_unsupported",
        accepted: ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/tiff"],
        detected: null,
      });
    }
    const damaged = await refusal(artToPng(art, 32).subarray(0, 60));
    assert.equal(damaged.status, 415);
    assert.match(damaged.message, /PNG file is damaged or not a readable image/);
  });

  it("turns a phone photo upright as its EXIF orientation says (a JPEG stored sideways with orientation 6)", async () => {
    const upright = piece(5);
    const sideways = storedSideways(upright);
    assert.notDeepEqual([...sideways.pixels], [...upright.pixels], "the test piece looks different sideways");
    const photo = await image(sideways, 16).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    assert.equal((await sharp(photo).metadata()).orientation, 6);
    close(await convertUpload(photo), upright);
  });

  it("refuses HEIC (an iPhone's photo) saying what to do instead; AVIF, also under a HEIF major brand, is read", async () => {
    for (const bytes of [ftyp("heic", ["mif1", "heic"]), ftyp("mif1", ["MiHE", "miaf", "heic"]), ftyp("heix", []), ftyp("msf1", ["hevc"])]) {
      const error = await refusal(bytes);
      assert.equal(error.status, 415);
      assert.match(error.message, /^HEIC photos are not supported: export the picture as PNG or JPEG/);
      assert.equal((error.details as { detected: string | null }).detected, "heic");
    }
    const flat = piece(4);
    const avif = await image(flat, 16).avif({ quality: 90 }).toBuffer();
    assert.equal(avif.toString("latin1", 8, 12), "avif");
    const mif1 = Buffer.from(avif);
    mif1.write("mif1", 8, "latin1");
    close(await convertUpload(mif1), flat);
  });

  it("reads only the first frame of an animated GIF and the first page of a multi-page TIFF", async () => {
    const [first, second] = [piece(4), piece(7)];
    const gif = await frames([first, second], 4)
      .gif({ dither: 0, loop: 0, delay: [100, 100] })
      .toBuffer();
    assert.equal((await sharp(gif, { pages: -1 }).metadata()).pages, 2);
    same(await convertUpload(gif), first);
    const tiff = await frames([first, second], 4).tiff({ compression: "lzw" }).toBuffer();
    assert.equal((await sharp(tiff, { pages: -1 }).metadata()).pages, 2);
    same(await convertUpload(tiff), first);
  });

  it("refuses a tiny file declaring huge dimensions from its header alone, without decoding it", async () => {
    const idat = deflateSync(Buffer.alloc(64));
    const started = performance.now();
    const huge = await refusal(pngDeclaring(50_000, 50_000, idat));
    assert.equal(huge.status, 422);
    assert.deepEqual(huge.details, { code: "image_size", width: 50_000, height: 50_000, min: 9, max: 2048 });
    const long = await refusal(pngDeclaring(1_000_000, 9, idat));
    assert.deepEqual(long.details, { code: "image_not_square", width: 1_000_000, height: 9 });
    assert.ok(performance.now() - started < 1_000, "judged by the header");
    // The largest size allowed, with data for a few rows only: damaged, not a 12 MB picture of zeros.
    const truncated = await refusal(pngDeclaring(2048, 2048, idat));
    assert.equal(truncated.status, 415);
    assert.match(truncated.message, /PNG file is damaged or not a readable image/);
  });
});
