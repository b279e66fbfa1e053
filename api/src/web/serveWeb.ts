import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import express, { Router, type Response } from "express";
import { appRouteOf } from "@pixlings/shared/routes";
import type { PageTags } from "../share/shareMeta.ts";

/** Hashed build output (`assets/name-<hash>.js`) never changes under its name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and unhashed files: always revalidate, so a new build shows at once. */
const REVALIDATE = "no-cache";

/** Paths the SPA fallback leaves alone: the API, the Pix images and their share cards. */
const NOT_THE_APP = /^\/(api|pixlings|og)(\/|$)/;

/** index.html with `tags` in its head: its `<title>` replaced, the meta tags before `</head>`. */
function withTags(html: string, tags: { title: string; meta: string }): string {
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${tags.title}</title>`).replace("</head>", () => `  ${tags.meta}\n  </head>`);
}

/**
 * Serves the built web app from `distDir` (web/dist) when it exists: long-cached hashed assets,
 * a revalidated index.html, and index.html for every other GET/HEAD outside /api and /pixlings:
 * 200 for the app's routes (shared/src/routes.ts), 404 for any other path, where the app shows
 * its "Page Not Found". `pageTags` gives a page's link-preview tags (a Pix's page: shareMeta.ts),
 * written into that page's copy of index.html only; the app stays one page. Returns undefined when
 * there is no build.
 */
export function serveWeb({ distDir, pageTags }: { distDir: string; pageTags?: PageTags | undefined }): Router | undefined {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return undefined;
  // Read again only when a new build replaced it.
  let index: { mtimeMs: number; html: Promise<string> } | undefined;
  const indexHtml = async (): Promise<string> => {
    const { mtimeMs } = await stat(indexFile);
    if (index?.mtimeMs !== mtimeMs) index = { mtimeMs, html: readFile(indexFile, "utf8") };
    return index.html;
  };
  const router = Router();
  router.use(
    "/assets",
    express.static(path.join(distDir, "assets"), {
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
    res.status(appRouteOf(req.path) ? 200 : 404);
    const tags = await pageTags?.(req.path);
    if (tags) {
      res.type("html").send(withTags(await indexHtml(), tags));
      return;
    }
    res.sendFile(indexFile, (error) => {
      if (error) next(error);
    });
  });
  return router;
}
