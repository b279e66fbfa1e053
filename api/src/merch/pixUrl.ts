import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";
import { pixImagePath } from "@pixlings/shared/merch";
import { badRequest, type HttpError } from "../http/HttpError.ts";

/** A base no request can name: a relative pixUrl resolves against it and must stay on it. */
const RELATIVE_BASE = "http://relative.invalid";
const PIX_PATH = new RegExp(`^/${COLLECTION.slug}/pix_([1-9][0-9]{0,3})\\.png$`);

const refused = (): HttpError =>
  badRequest(`pixUrl must be this site's image of a Pix: /${COLLECTION.slug}/pix_{tokenId}.png (on this site's own origin, if absolute)`);

/**
 * The token id a preview request's `pixUrl` names, when it is this site's image of a Pix:
 * `/pixlings/pix_{id}.png` or the same path on one of `siteOrigins`, any query ignored. Anything
 * else (another host, a protocol-relative or backslashed URL, credentials, another path) is 400:
 * the URL is never fetched, only read for its id.
 */
export function pixTokenIdOf(pixUrl: string, siteOrigins: readonly string[]): number {
  let url: URL;
  try {
    url = new URL(pixUrl, RELATIVE_BASE);
  } catch {
    throw refused();
  }
  const relative = pixUrl.startsWith("/") && url.origin === RELATIVE_BASE;
  if (!relative && !siteOrigins.includes(url.origin)) throw refused();
  if (url.username !== "" || url.password !== "") throw refused();
  const id = PIX_PATH.exec(url.pathname)?.[1];
  if (id === undefined || !isValidTokenId(Number(id))) throw refused();
  return Number(id);
}

/** The URL Printful downloads the Pix from: built by the API from its own site origin, never taken from a request. */
export const pixUrlForPrintful = (pixOrigin: string, tokenId: number): string => `${pixOrigin}${pixImagePath(tokenId)}`;
