// What the home route loads before any interaction: the entry chunk, its static imports
// (modulepreloaded) and its CSS, gzipped, from the production build's manifest.
// Usage: node web/scripts/initialLoad.ts [distDir]  (after `npm run build:web`)
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

const distDir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist"));
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
const rows = [...js, ...css, "index.html", "theme-init.js"].map((file) => ({ file, gzipBytes: gz(file) }));
const sum = (files: Iterable<string>): number => [...files].reduce((total, file) => total + gz(file), 0);
const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
for (const row of rows) console.log(`${row.file.padEnd(40)} ${kB(row.gzipBytes).padStart(9)}`);
const jsBytes = sum(js) + gz("theme-init.js");
console.log(`initial JS  ${kB(jsBytes)} gzipped (budget 150 kB)`);
console.log(`initial CSS ${kB(sum(css))} gzipped`);
if (jsBytes > 150_000) process.exitCode = 1;
