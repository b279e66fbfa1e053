import { SVG_DATA_URI_PREFIX } from "./svg.ts";

/** The metadata JSON a `tokenURI` returns. */
export interface TokenMetadata {
  name: string;
  description: string;
  image: string;
  attributes: { trait_type: string; value: string | number }[];
}

const JSON_BASE64 = "data:application/json;base64,";
const SVG_BASE64 = "data:image/svg+xml;base64,";

/** Base64 to UTF-8 text with the platform's atob and TextDecoder: the same in Node and in browsers (no Buffer). */
function base64Utf8(base64: string): string {
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
}

/** Decodes a base64 JSON data URI, as Pixlings' `tokenURI` returns it. */
export function decodeTokenUri(uri: string): TokenMetadata {
  if (!uri.startsWith(JSON_BASE64)) throw new RangeError("tokenURI is not a base64 JSON data URI");
  return JSON.parse(base64Utf8(uri.slice(JSON_BASE64.length))) as TokenMetadata;
}

/** The SVG markup of an SVG data URI, UTF-8 (Pixlings) or base64 (the gas baselines). */
export function svgOfImage(image: string): string {
  if (image.startsWith(SVG_DATA_URI_PREFIX)) return decodeURIComponent(image.slice(SVG_DATA_URI_PREFIX.length));
  if (image.startsWith(SVG_BASE64)) return base64Utf8(image.slice(SVG_BASE64.length));
  throw new RangeError("image is not an SVG data URI");
}
