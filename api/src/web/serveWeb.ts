import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import express, { Router, type Response } from "express";
import { appRouteOf } from "@pixlings/shared/routes";
import type { PageTags } from "../share/shareMeta.ts";
import { readPagePreloads, type PagePreloads } from "./pagePreloads.ts";
import { precompressed } from "./precompressed.ts";

/** Hashed build output (`assets/name-<hash>.js`) never changes under its name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and unhashed files: always revalidate, so a new build shows at once. */
const REVALIDATE = "no-cache";

/** Paths the SPA fallback leaves alone: the API, the Pix images and their share cards. */
const NOT_THE_APP = /^\/(api|pixlings|og)(\/|$)/;

/** index.html with its page's `tags` (its `<title>` replaced, the meta tags) and `hints` (page-preloads) before `</head>`. */
function withHead(html: string, { tags, hints }: { tags: { title: string; meta: string } | undefined; hints: string }): string {
  const titled = tags ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${tags.title}</title>`) : html;
  const head = [hints, tags?.meta].filter(Boolean).join("\n    ");
  return titled.replace("</head>", () => `  ${head}\n  </head>`);
}

/**
 * Serves the built web app from `distDir` (web/dist) when it exists: long-cached hashed assets
 * (sent as the build compressed them, precompressed.ts), a revalidated index.html, and index.html
 * for every other GET/HEAD outside /api and /pixlings: 200 for the app's routes
 * (shared/src/routes.ts), 404 for any other path, where the app shows its "Page Not Found".
 * `pageTags` gives a page's link-preview tags (a Pix's page: shareMeta.ts), written into that
 * page's copy of index.html only, as are the modulepreloads of its page's chunks (pagePreloads.ts);
 * the app stays one page. Returns undefined when there is no build.
 */
export function serveWeb({ distDir, pageTags }: { distDir: string; pageTags?: PageTags | undefined }): Router | undefined {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return undefined;
  // Read again only when a new build replaced it.
  let build: { mtimeMs: number; html: Promise<string>; preloads: Promise<PagePreloads> } | undefined;
  const current = async () => {
    const { mtimeMs } = await stat(indexFile);
    if (build?.mtimeMs !== mtimeMs) build = { mtimeMs, html: readFile(indexFile, "utf8"), preloads: readPagePreloads(distDir) };
    return build;
  };
  const router = Router();
  const assetsDir = path.join(distDir, "assets");
  router.use("/assets", precompressed(assetsDir, { "Cache-Control": IMMUTABLE }));
  router.use(
    "/assets",
    express.static(assetsDir, {
      index: false,
      fallthrough: false,
      setHeaders: (res: Response) => res.set("Cache-Control", IMMUTABLE),
    }),
  );
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res: Response) => res.set("Cache-Control", REVALIDATE),
    }),
  );
  router.use(async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || NOT_THE_APP.test(req.path)) return next();
    res.set("Cache-Control", REVALIDATE);
    const route = appRouteOf(req.path);
    res.status(route ? 200 : 404);
    const { html, preloads } = await current();
    const tags = await pageTags?.(req.path);
    const hints = (await preloads)(route);
    if (tags || hints) {
      res.type("html").send(withHead(await html, { tags, hints }));
      return;
    }
    res.sendFile(indexFile, (error) => {
      if (error) next(error);
    });
  });
  return router;
}
