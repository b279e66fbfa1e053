import { existsSync } from "node:fs";
import path from "node:path";
import express, { Router, type Response } from "express";
import { appRouteOf } from "@pixlings/shared/routes";

/** Hashed build output (`assets/name-<hash>.js`) never changes under its name. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and unhashed files: always revalidate, so a new build shows at once. */
const REVALIDATE = "no-cache";

/** Paths the SPA fallback leaves alone: the API and the Pix images. */
const NOT_THE_APP = /^\/(api|pixlings)(\/|$)/;

/**
 * Serves the built web app from `distDir` (web/dist) when it exists: long-cached hashed assets,
 * a revalidated index.html, and index.html for every other GET/HEAD outside /api and /pixlings:
 * 200 for the app's routes (shared/src/routes.ts), 404 for any other path, where the app shows
 * its "Page Not Found". Returns undefined when there is no build.
 */
export function serveWeb({ distDir }: { distDir: string }): Router | undefined {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return undefined;
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
  router.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || NOT_THE_APP.test(req.path)) return next();
    res.set("Cache-Control", REVALIDATE);
    res.status(appRouteOf(req.path) ? 200 : 404);
    res.sendFile(indexFile, (error) => {
      if (error) next(error);
    });
  });
  return router;
}
