import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { AppRouteName } from "@pixlings/shared/routes";

/** What the web build writes (web/build/pagePreloads.ts): route name to the asset paths its page loads first. */
const PagePreloadsFile = z.record(z.string(), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)));

export type PagePreloads = (route: AppRouteName | undefined) => string;

/**
 * The `<link rel="modulepreload">` tags of a route's page chunks, from `.vite/page-preloads.json`
 * in the build (none for a route it does not list): index.html then
 * names them beside the entry, so they load while the entry does instead of after it has run.
 * `crossorigin` as on Vite's own modulepreloads: the chunks are fetched as module scripts are.
 */
export async function readPagePreloads(distDir: string): Promise<PagePreloads> {
  // A build without the file, or with one this server cannot read, serves its pages without hints:
  // they only make the first paint sooner.
  const listed = await readFile(path.join(distDir, ".vite", "page-preloads.json"), "utf8")
    .then((text) => PagePreloadsFile.parse(JSON.parse(text)))
    .catch(() => ({}));
  const tags = new Map(
    Object.entries(listed).map(([route, files]) => [route, files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join("\n    ")]),
  );
  return (route) => (route === undefined ? "" : (tags.get(route) ?? ""));
}
