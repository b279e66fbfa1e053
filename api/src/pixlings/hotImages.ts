import { parse as parseQuery } from "node:querystring";
import { COLLECTION, isValidTokenId } from "@pixlings/shared/collection";
import type { HotRoute } from "../http/hotReads.ts";
import { imageHeaders, imageQuery, type Images } from "./imageRouter.ts";

/** The file names imageRouter accepts, spelled as they reach it undecoded. */
const FILE = /^pix_(0|[1-9][0-9]*)\.png$/;

/**
 * `GET /pixlings/pix_{id}.png` as a hot read (http/hotReads.ts): the image and headers imageRouter
 * sends, in its order. A bad name or size, an id outside the collection or a Pix without art is
 * left to the chain (its 400 or 404).
 */
export function hotImages({ images }: { images: Images }): HotRoute {
  return {
    pattern: "/pixlings/:file",
    path: "/pixlings/",
    prefix: true,
    answer: async (_req, rest, query) => {
      if (!FILE.test(rest)) return undefined;
      const tokenId = Number(rest.slice(4, -4));
      const asked = imageQuery.safeParse(parseQuery(query));
      if (!asked.success || !isValidTokenId(tokenId)) return undefined;
      const { etag, png } = await images.imageOf(tokenId, asked.data.size ?? COLLECTION.scaledSize);
      const headers = Object.entries(imageHeaders(etag)).flat();
      headers.push("Content-Type", "image/png", "Content-Length", String(png.length));
      return { headers, body: png };
    },
  };
}
