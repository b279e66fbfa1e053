// What the home route loads before any interaction: the entry chunk, its static imports
// (modulepreloaded) and its CSS, gzipped, from the production build's manifest.
// Usage: node bench/src/webInitialLoad.ts [distDir] (npm run size:web)  (after `npm run build:web`)
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface InitialLoad {
  rows: { file: string; gzipBytes: number }[];
  /** Entry chunk, its static imports and themeInit.js, gzipped. */
  jsBytes: number;
  cssBytes: number;
}

/** The budget of the home route's initial JS, gzipped (`npm run size:web` fails above it). */
export const INITIAL_JS_BUDGET_BYTES = 130_000;

const DEFAULT_DIST_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");

/** Measures the home route's initial load in the build at `distDir`. */
export function initialLoad(distDir: string = DEFAULT_DIST_DIR): InitialLoad {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("no entry chunk in the manifest");
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const gz = (file: string): number => gzipSync(readFileSync(path.join(distDir, file))).length;
  const sum = (files: Iterable<string>): number => [...files].reduce((total, file) => total + gz(file), 0);
  return {
    rows: [...js, ...css, "index.html", "themeInit.js"].map((file) => ({ file, gzipBytes: gz(file) })),
    jsBytes: sum(js) + gz("themeInit.js"),
    cssBytes: sum(css),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, jsBytes, cssBytes } = initialLoad(path.resolve(process.argv[2] ?? DEFAULT_DIST_DIR));
  const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
  for (const row of rows) console.log(`${row.file.padEnd(40)} ${kB(row.gzipBytes).padStart(9)}`);
  console.log(`initial JS  ${kB(jsBytes)} gzipped (budget ${kB(INITIAL_JS_BUDGET_BYTES)})`);
  console.log(`initial CSS ${kB(cssBytes)} gzipped`);
  if (jsBytes > INITIAL_JS_BUDGET_BYTES) process.exitCode = 1;
}
