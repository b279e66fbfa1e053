import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AppRouteName } from "@pixlings/shared/routes";
import type { Plugin } from "vite";

/**
 * The routes whose first paint waits on their page's chunk (the listing and a shared Pix's page),
 * each with its page's source file as web/src/App.tsx imports it. The API names these chunks in the
 * page's own index.html (`<link rel="modulepreload">`), so they load beside the entry instead of
 * after it has run (api/src/web/pagePreloads.ts).
 */
export const PRELOADED_PAGES = {
  browse: "src/pages/browse/BrowsePage.tsx",
  mint: "src/pages/mint/MintPage.tsx",
  nft: "src/pages/mint/MintPage.tsx",
} as const satisfies Partial<Record<AppRouteName, string>>;

/** One chunk of Vite's build manifest (`.vite/manifest.json`), as far as preloading goes. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The file the API reads: route name to the asset paths to modulepreload. */
const PAGE_PRELOADS_FILE = "page-preloads.json";

/**
 * Each preloaded route's chunks: its page's chunk and every chunk that imports statically, less
 * what the entry loads anyway (index.html names those already). A page the build lacks is left out.
 */
export function pagePreloads(
  manifest: Record<string, ManifestChunk>,
  pages: Partial<Record<AppRouteName, string>> = PRELOADED_PAGES,
): Partial<Record<AppRouteName, string[]>> {
  const initial = new Set<string>();
  const walk = (key: string, into: Set<string>, skip: Set<string>): void => {
    const chunk = manifest[key];
    if (!chunk || into.has(key) || skip.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into, skip);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, initial, new Set());
  const preloads: Partial<Record<AppRouteName, string[]>> = {};
  for (const [route, source] of Object.entries(pages) as [AppRouteName, string][]) {
    if (!manifest[source]) continue;
    const keys = new Set<string>();
    walk(source, keys, initial);
    preloads[route] = [...keys].map((key) => `/${manifest[key]!.file}`);
  }
  return preloads;
}

/** Vite plugin: after the build, writes `outDir/.vite/page-preloads.json` from the build's manifest. */
export function writePagePreloads(): Plugin {
  let viteDir = "";
  return {
    name: "pixlings-page-preloads",
    apply: "build",
    configResolved(config) {
      viteDir = path.resolve(config.root, config.build.outDir, ".vite");
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(path.join(viteDir, "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
      await writeFile(path.join(viteDir, PAGE_PRELOADS_FILE), `${JSON.stringify(pagePreloads(manifest), null, 2)}\n`);
    },
  };
}
