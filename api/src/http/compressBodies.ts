import type { RequestHandler } from "express";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { BoundedCache } from "../cache/boundedCache.ts";
import { COMPRESSED_CACHE_DEFAULT_BYTES } from "../config/memoryConfig.ts";

export type BodyEncoding = "br" | "gzip";

/** Smaller bodies gain little: a packet either way. */
const MIN_BYTES = 1_024;
/** Brotli's quality 5: about gzip's speed (a 50 kB page in about a millisecond), a smaller result. */
const BROTLI_QUALITY = 5;

/**
 * The encoding to answer in for an Accept-Encoding header (RFC 9110): br, else gzip, when named
 * (or `*`) with a non-zero weight; undefined for identity.
 */
export function pickEncoding(header: string | undefined): BodyEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (encoding: BodyEncoding): boolean => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : undefined;
}

function compress(body: Buffer, encoding: BodyEncoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

/** How a cached JSON body goes out to one client: its bytes, and the headers compression adds. */
interface Negotiated {
  bytes: Buffer;
  /** Whether the answer depends on Accept-Encoding (a body large enough to compress). */
  vary: boolean;
  encoding: BodyEncoding | undefined;
}

/**
 * JSON bodies built once and named by a weak ETag (nftsRouter's pages), each compressed once per
 * ETag and encoding, kept in a cache of at most `cacheBytes`: shared by compressBodies and the hot
 * reads (hotReads.ts), so both send the same bytes.
 */
export interface BodyCompressor {
  /** A weak-ETag JSON body of 200 as it goes to a client sending `acceptEncoding`. */
  negotiate(body: Buffer, etag: string, acceptEncoding: string | undefined): Negotiated;
}

/** Whether a body is one compressBodies compresses: a weak ETag's JSON of at least MIN_BYTES. */
const compressible = (body: Buffer, etag: string): boolean => body.length >= MIN_BYTES && etag.startsWith("W/");

export function createBodyCompressor({ cacheBytes = COMPRESSED_CACHE_DEFAULT_BYTES }: { cacheBytes?: number } = {}): BodyCompressor {
  const cache = new BoundedCache<Buffer>({ maxEntries: Number.MAX_SAFE_INTEGER, maxSize: cacheBytes }, (bytes) => bytes.length);
  return {
    negotiate(body, etag, acceptEncoding) {
      if (!compressible(body, etag)) return { bytes: body, vary: false, encoding: undefined };
      const encoding = pickEncoding(acceptEncoding);
      if (!encoding) return { bytes: body, vary: true, encoding };
      const key = `${encoding} ${etag}`;
      let compressed = cache.get(key);
      if (!compressed) cache.set(key, (compressed = compress(body, encoding)));
      return { bytes: compressed, vary: true, encoding };
    },
  };
}

/**
 * Compresses the JSON bodies a route built once and named by a weak ETag (nftsRouter's pages), for
 * clients that accept br or gzip, as browsers do (`compressor`: createBodyCompressor's, its own by
 * default). Every other answer goes out as it was sent. A weak ETag may name each encoding of the
 * same JSON (RFC 9110), so 304s work as before.
 */
export function compressBodies({
  cacheBytes,
  compressor = createBodyCompressor({ cacheBytes }),
}: {
  cacheBytes?: number;
  compressor?: BodyCompressor;
} = {}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const send = res.send;
    res.send = function sendCompressed(body) {
      res.send = send;
      const etag = res.getHeader("ETag");
      const type = res.getHeader("Content-Type");
      if (!Buffer.isBuffer(body) || typeof etag !== "string" || typeof type !== "string" || !type.startsWith("application/json")) {
        return send.call(this, body);
      }
      // Only a 200 is compressed (and only one not already encoded); the Vary goes on any answer that could be.
      const negotiated = compressor.negotiate(
        body,
        etag,
        res.statusCode === 200 && res.getHeader("Content-Encoding") === undefined ? req.headers["accept-encoding"] : undefined,
      );
      if (negotiated.vary) res.vary("Accept-Encoding");
      if (!negotiated.encoding) return send.call(this, body);
      res.setHeader("Content-Encoding", negotiated.encoding);
      return send.call(this, negotiated.bytes);
    };
    next();
  };
}
