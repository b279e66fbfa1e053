import { parse as parseQuery } from "node:querystring";
import type { z } from "zod";
import type { BodyCompressor } from "../http/compressBodies.ts";
import type { HotAnswer, HotRoute } from "../http/hotReads.ts";
import { tokenIdString } from "../http/schemas.ts";
import type { HeaderList } from "../http/securityHeaders.ts";
import type { JsonBody } from "./jsonBodies.ts";
import { explorerQuery, pageQuery, type NftReads } from "./nftReads.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const DIGITS = /^[0-9]+$/;

export interface HotNftReadsDeps {
  reads: NftReads;
  /** The page security headers (helmet's, securityHeaders.ts). */
  security: HeaderList;
  /** The compressed bodies compressBodies sends. */
  compressor: BodyCompressor;
  /** Express's ETag of a body (`app.get("etag fn")`), as `res.json` sets it. */
  etagOf: (body: Buffer) => string;
}

/**
 * The catalogue's hot reads (hotReads.ts): a browse page, an explorer page, the facets and a Pix,
 * each answered with the headers nftsRouter's route gives it through the chain, in the same order.
 * A query the route's schema refuses, or a Pix that does not exist, is left to the chain (its 400
 * or 404). The query is read as Express reads it (its "simple" parser is node:querystring).
 */
export function hotNftReads({ reads, security, compressor, etagOf }: HotNftReadsDeps): HotRoute[] {
  /** sendJson's headers, then compressBodies' (helmet's came before both). */
  const build = (body: JsonBody, acceptEncoding: string | undefined): HotAnswer => {
    const sent = compressor.negotiate(body.bytes, body.etag, acceptEncoding);
    const headers = [...security, "Content-Type", JSON_TYPE, "Cache-Control", "no-cache", "ETag", body.etag];
    if (sent.vary) headers.push("Vary", "Accept-Encoding");
    if (sent.encoding) headers.push("Content-Encoding", sent.encoding);
    headers.push("Content-Length", String(sent.bytes.length));
    return { headers, body: sent.bytes };
  };
  // A body's answers, one per Accept-Encoding header seen (browsers send a handful), live as long
  // as the body (its cache's entry) does.
  const answers = new WeakMap<JsonBody, Map<string, HotAnswer>>();
  const MAX_ENCODINGS_KEPT = 8;
  const page = (body: JsonBody, acceptEncoding: string | undefined): HotAnswer => {
    let byEncoding = answers.get(body);
    if (!byEncoding) answers.set(body, (byEncoding = new Map()));
    const key = acceptEncoding ?? "";
    let answer = byEncoding.get(key);
    if (!answer) {
      answer = build(body, acceptEncoding);
      if (byEncoding.size < MAX_ENCODINGS_KEPT) byEncoding.set(key, answer);
    }
    return answer;
  };
  const queried =
    <S extends z.ZodType>(schema: S, read: (query: z.output<S>) => Promise<JsonBody>): HotRoute["answer"] =>
    async (req, _rest, query) => {
      const parsed = schema.safeParse(parseQuery(query));
      if (!parsed.success) return undefined;
      return page(await read(parsed.data), req.headers["accept-encoding"]);
    };
  return [
    { pattern: "/api/nfts/available", path: "/api/nfts/available", answer: queried(pageQuery, (query) => reads.available(query)) },
    { pattern: "/api/nfts", path: "/api/nfts", answer: queried(explorerQuery, (query) => reads.explore(query)) },
    { pattern: "/api/nfts/facets", path: "/api/nfts/facets", answer: queried(explorerQuery, (query) => reads.facets(query)) },
    {
      pattern: "/api/nfts/token/:tokenId",
      path: "/api/nfts/token/",
      prefix: true,
      // The query is ignored, as the route's is. Digits only: anything percent-encoded is the chain's to decode.
      answer: async (_req, rest) => {
        if (!DIGITS.test(rest)) return undefined;
        const id = tokenIdString.safeParse(rest);
        if (!id.success) return undefined;
        const nft = await reads.token(id.data);
        if (!nft) return undefined;
        // res.json's body and ETag, after the route's Cache-Control.
        const body = Buffer.from(JSON.stringify(nft));
        return {
          headers: [...security, "Cache-Control", "no-cache", "Content-Type", JSON_TYPE, "Content-Length", String(body.length), "ETag", etagOf(body)],
          body,
        };
      },
    },
  ];
}
