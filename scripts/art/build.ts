import { chmod, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { TIER } from "@pixlings/shared/tiers";
import { ART_DIR, REPO_ROOT } from "../paths.ts";
import { writeArtFile } from "./artfile.ts";
import { CHUNK_COUNT, chunkBlobs } from "./chunks.ts";
import { serializeCatalogue } from "./catalogue.ts";
import { DEFAULT_SEED, generateCollection } from "./collection.ts";
import { contactSheet } from "./contactSheet.ts";

export interface BuildResult {
  dir: string;
  pieces: number;
  chunkBytes: number;
  averageBytes: number;
  tiers: Record<"Common" | "Rare" | "Artist", number>;
  millis: number;
}

/**
 * Generates the collection and writes art.json, catalogue.json and contact-sheet.png (first 100
 * pieces) to `dir`, replacing it as a whole so a half-written build is never left behind.
 */
export async function buildArt(dir: string = ART_DIR, seed: string = DEFAULT_SEED): Promise<BuildResult> {
  const started = performance.now();
  const { pieces, catalogue } = generateCollection(seed);
  const set = { seed, art: pieces.map((p) => p.art), tiers: pieces.map((p) => p.tier) };
  const chunks = chunkBlobs(set);
  const chunkBytes = chunks.reduce((n, c) => n + c.blob.length, 0);
  const parent = path.dirname(path.resolve(dir));
  const temp = await mkdtemp(path.join(parent, `.${path.basename(dir)}-`));
  try {
    await writeArtFile(temp, set);
    await writeFile(path.join(temp, "catalogue.json"), serializeCatalogue(catalogue));
    await writeFile(path.join(temp, "contact-sheet.png"), contactSheet(set.art.slice(0, 100)));
    await rm(dir, { recursive: true, force: true });
    await rename(temp, dir);
    await chmod(dir, 0o755);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  const count = (code: number): number => set.tiers.filter((t) => t === code).length;
  return {
    dir,
    pieces: pieces.length,
    chunkBytes,
    averageBytes: chunkBytes / pieces.length,
    tiers: { Common: count(TIER.Common), Rare: count(TIER.Rare), Artist: count(TIER.Artist) },
    millis: performance.now() - started,
  };
}

/** A path relative to the repo root when inside it. */
function shown(dir: string): string {
  const relative = path.relative(REPO_ROOT, dir);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : dir;
}

function parseArgs(argv: readonly string[]): { dir: string; seed: string } {
  let dir = ART_DIR;
  let seed = DEFAULT_SEED;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--seed") seed = argv[++i] ?? seed;
    else if (arg.startsWith("--seed=")) seed = arg.slice("--seed=".length);
    else if (arg === "--help" || arg === "-h") {
      console.log("usage: build.ts [outDir (default .pixlings/art)] [--seed <text>]");
      process.exit(0);
    } else dir = path.resolve(arg);
  }
  return { dir, seed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { dir, seed } = parseArgs(process.argv.slice(2));
  const r = await buildArt(dir, seed);
  const n = (x: number): string => x.toLocaleString("en-US");
  console.log(
    `art: ${n(r.pieces)} pieces (${n(r.tiers.Artist)} Artist, ${n(r.tiers.Rare)} Rare, ${n(r.tiers.Common)} Common), ` +
      `${n(r.chunkBytes)} bytes in ${CHUNK_COUNT} chunks, ${r.averageBytes.toFixed(2)} B/piece, seed "${seed}" -> ` +
      `${shown(r.dir)} in ${(r.millis / 1000).toFixed(1)}s`,
  );
}
