import path from "node:path";
import type { RequestHandler } from "express";
import { pickEncoding, type BodyEncoding } from "../http/compressBodies.ts";

/** The file beside an asset holding it compressed (written by the web build: web/build/precompress.ts). */
const SUFFIX: Record<BodyEncoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Serves a file of `dir` compressed, from the copy the build wrote beside it (`name.js.br`,
 * `name.js.gz`), to a client that accepts that encoding: the entry chunk is about a quarter of its
 * size in brotli, and nothing is compressed per request. A file without such a copy, or a client
 * that accepts neither, falls through to the plain file. `headers` are set on what it serves.
 */
export function precompressed(dir: string, headers: Record<string, string>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.vary("Accept-Encoding");
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return next();
    // The plain file's type, not the compressed copy's (send keeps a Content-Type already set).
    const type = res.type(path.extname(req.path)).getHeader("Content-Type");
    res.sendFile(`${req.path}${SUFFIX[encoding]}`, { root: dir, dotfiles: "deny", headers: { ...headers, "Content-Encoding": encoding } }, (error) => {
      if (!error) return;
      if (res.headersSent) return next(error);
      // No compressed copy (or none readable): the plain file, as it was.
      res.removeHeader("Content-Encoding");
      if (type !== undefined) res.removeHeader("Content-Type");
      next();
    });
  };
}
