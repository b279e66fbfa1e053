import { COLLECTION } from "@pixlings/shared/collection";
import { pixImagePath } from "@pixlings/shared/merch";

/** `url` with `name=value` added to its query (a same-origin path or an absolute URL; a hash kept last). */
function withParam(url: string, name: string, value: string): string {
  const [beforeHash, hash] = url.split("#", 2) as [string, string | undefined];
  return `${beforeHash}${beforeHash.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}${hash === undefined ? "" : `#${hash}`}`;
}

/**
 * The image URLs to try, in order, after `imageUrl` fails to load (the spec's retry chain): the
 * same URL once more with a cache-busting parameter (a passing failure, or a broken copy held by a
 * cache), the site's own path of the Pix's image (`/pixlings/pix_{id}.png`: the other prefix, for
 * an `imageUrl` elsewhere), then the other size the API serves, the 9x9 grid (scaled up by the
 * page). After the last one fails, the page shows a placeholder tile. `attempt` makes the
 * cache-busting value unique per try.
 */
export function imageFallbacks(tokenId: number, imageUrl: string, attempt: string): string[] {
  const sitePath = pixImagePath(tokenId);
  const urls = [withParam(imageUrl, "retry", attempt), sitePath, `${sitePath}?size=${COLLECTION.gridSize}`];
  return [...new Set(urls)].filter((url) => url !== imageUrl);
}
