import type Sharp from "sharp";
import { canonicalize, type Art } from "@pixlings/shared/art/codec";
import { CELL_COUNT, COLLECTION } from "@pixlings/shared/collection";
import { ACCEPTED_IMAGE_TYPES, SUBMISSION_LIMITS } from "@pixlings/shared/http/submissions";
import { CodedError } from "../http/HttpError.ts";
import { detectImageType, type AcceptedFormat } from "./detectImageType.ts";

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, some 25 MB of a process's memory) on the first upload only: most processes never
 * convert one (docs/api.md, Memory).
 */
function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    // Uploads are converted once; libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

const { uploadMaxBytes, imageMinSide, imageMaxSide, maxColors } = SUBMISSION_LIMITS;
const GRID = COLLECTION.gridSize;
/** Lossy formats blur a flat colour into near neighbours: colours this close (per channel) are one. */
const LOSSY_TOLERANCE = 24;
const LOSSY: ReadonlySet<AcceptedFormat> = new Set(["jpeg", "webp", "heif"]);
/** Transparent pixels are laid on white: the chain stores opaque 24-bit colours. */
const BACKGROUND = { r: 255, g: 255, b: 255 };

const FORMAT_NAMES = "PNG, JPEG, GIF, WebP, AVIF or TIFF";

function unsupported(message: string, detected: string | null): CodedError {
  return new CodedError(message, { code: "image_unsupported", accepted: [...ACCEPTED_IMAGE_TYPES], detected });
}

/** HEIC (HEVC-coded HEIF, an iPhone's photos): sharp's build has no HEVC decoder. */
const heicRefused = (): CodedError => unsupported("HEIC photos are not supported: export the picture as PNG or JPEG and upload that", "heic");

/** Maps each colour to the most used colour within `tolerance` of it (every channel), most used first. */
function mergeNearColours(rgbs: readonly number[], tolerance: number): number[] {
  if (tolerance === 0) return [...rgbs];
  const counts = new Map<number, number>();
  for (const rgb of rgbs) counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
  const representatives: number[] = [];
  const mapped = new Map<number, number>();
  const near = (a: number, b: number): boolean => [16, 8, 0].every((shift) => Math.abs(((a >> shift) & 255) - ((b >> shift) & 255)) <= tolerance);
  for (const rgb of [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)!)) {
    const to = representatives.find((r) => near(r, rgb));
    if (to === undefined) representatives.push(rgb);
    mapped.set(rgb, to ?? rgb);
  }
  return rgbs.map((rgb) => mapped.get(rgb)!);
}

/**
 * An uploaded image as a 9x9 piece of at most 16 colours, or a CodedError with the exact reason:
 * too large a file (413), not an accepted image by its bytes, SVG included (415, never rasterised),
 * damaged, not square, smaller than 9 or larger than 2048 pixels a side, more than 16 colours
 * after the conversion (422); HEIC (415) is named as such, with what to do instead. The picture is
 * turned upright as its EXIF orientation says (a phone's photo), only the first frame or page of an
 * animated GIF or multi-page TIFF is read, it is sampled to 9x9 (each cell's centre pixel: pixel art
 * scaled up by any factor comes back exact), transparency laid on white, and for lossy formats
 * colours that differ by compression noise only are merged.
 */
export async function convertUpload(bytes: Uint8Array): Promise<Art> {
  if (bytes.length > uploadMaxBytes) {
    throw new CodedError(`The image is too large: at most ${uploadMaxBytes / 1024 / 1024} MB (this one is ${(bytes.length / 1024 / 1024).toFixed(1)} MB)`, {
      code: "image_too_large",
      maxBytes: uploadMaxBytes,
    });
  }
  const format = detectImageType(bytes);
  if (format === "svg") throw unsupported(`SVG images are not accepted (they can carry scripts): upload a ${FORMAT_NAMES} image`, "svg");
  if (format === undefined) throw unsupported(`The file is not an image: upload a ${FORMAT_NAMES} image`, null);
  if (format === "heic") throw heicRefused();
  const input = { limitInputPixels: imageMaxSide * imageMaxSide, failOn: "error", pages: 1 } as const;
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    // The header only (no pixels decoded): the size is judged before anything large is decoded,
    // as the picture is shown (a phone photo's EXIF orientation applied).
    const metadata = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
    if (metadata.format !== format) throw new Error(`detected ${format}, decoded ${metadata.format}`);
    ({ width, height } = metadata.autoOrient);
  } catch {
    throw unsupported(`The ${format.toUpperCase()} file is damaged or not a readable image`, format);
  }
  if (width !== height) {
    throw new CodedError(`The image must be square: this one is ${width}x${height} pixels`, { code: "image_not_square", width, height });
  }
  if (width < imageMinSide || width > imageMaxSide) {
    throw new CodedError(`The image must be ${imageMinSide} to ${imageMaxSide} pixels a side: this one is ${width}x${height}`, {
      code: "image_size",
      width,
      height,
      min: imageMinSide,
      max: imageMaxSide,
    });
  }
  let raw: Buffer;
  try {
    raw = await sharp(bytes, input).rotate().flatten({ background: BACKGROUND }).toColourspace("srgb").raw({ depth: "uchar" }).toBuffer();
  } catch {
    throw unsupported(`The ${format.toUpperCase()} file is damaged or not a readable image`, format);
  }
  // The centre pixel of each of the 9x9 cells: inside the block of pixel art scaled up by any
  // factor, away from the edges where lossy formats bleed.
  const centre = (i: number): number => Math.min(width - 1, Math.floor(((i + 0.5) * width) / GRID));
  const sampled = Array.from({ length: CELL_COUNT }, (_, cell) => {
    const at = (centre(Math.floor(cell / GRID)) * width + centre(cell % GRID)) * 3;
    return (raw[at]! << 16) | (raw[at + 1]! << 8) | raw[at + 2]!;
  });
  const rgbs = mergeNearColours(sampled, LOSSY.has(format) ? LOSSY_TOLERANCE : 0);
  const palette = [...new Set(rgbs)];
  if (palette.length > maxColors) {
    throw new CodedError(`The image has ${palette.length} colours once reduced to ${GRID}x${GRID}: a piece has at most ${maxColors}`, {
      code: "image_too_many_colors",
      colors: palette.length,
      max: maxColors,
    });
  }
  const index = new Map(palette.map((rgb, i) => [rgb, i]));
  return canonicalize({ palette, pixels: Uint8Array.from(rgbs, (rgb) => index.get(rgb)!) });
}
