/** The image formats an upload may be (by its bytes), as sharp's metadata names them. */
export type AcceptedFormat = "png" | "jpeg" | "gif" | "webp" | "heif" | "tiff";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

/** AVIF/HEIF: an ISO-BMFF `ftyp` box whose brands name one of these. */
const HEIF_BRANDS = new Set(["avif", "avis", "heic", "heix", "mif1", "msf1"]);

/**
 * What a file is by its first bytes, never its name or declared type: an accepted image format,
 * `svg` (XML or markup that mentions `<svg`: refused, never rasterised), or undefined for anything else.
 */
export function detectImageType(bytes: Uint8Array): AcceptedFormat | "svg" | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "heif";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  // Text that could be an SVG (any encoding-agnostic hint of markup mentioning svg) is named so.
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096)).toLowerCase();
  if (/^[\s\ufeff]*</.test(head) && head.includes("<svg")) return "svg";
  return undefined;
}
