/** The image formats an upload may be (by its bytes), as sharp's metadata names them. */
export type AcceptedFormat = "png" | "jpeg" | "gif" | "webp" | "heif" | "tiff";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** AVIF: an ISO-BMFF `ftyp` box naming one of these brands (major or compatible). */
const AVIF_BRANDS = new Set(["avif", "avis"]);
/**
 * HEIC (an iPhone's photos) and other HEIF images without AVIF: HEVC-coded, which sharp's libvips
 * cannot decode (no HEVC decoder in its build), so they are named apart and refused with advice.
 */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** The brands of an ISO-BMFF `ftyp` box at the start of `bytes` (major brand first), or none. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return [];
  const size = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, 4096);
  // The major brand, then the minor version (skipped), then compatible brands to the box's end.
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/**
 * What a file is by its first bytes, never its name or declared type: an accepted image format,
 * `svg` (XML or markup that mentions `<svg`: refused, never rasterised), `heic` (refused: not
 * decodable here), or undefined for anything else.
 */
export function detectImageType(bytes: Uint8Array): AcceptedFormat | "svg" | "heic" | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  const brands = ftypBrands(bytes);
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "heif";
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  // Text that could be an SVG (any encoding-agnostic hint of markup mentioning svg) is named so.
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096)).toLowerCase();
  if (/^[\s\ufeff]*</.test(head) && head.includes("<svg")) return "svg";
  return undefined;
}
