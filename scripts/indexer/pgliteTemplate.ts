// Ponder's PGlite creates its data dir on first open: initdb inside WebAssembly, about 2 s of CPU
// and a thousand small files. A test indexer instead starts in a copy of one empty data dir, made
// once per PGlite version in the temp dir (opening a copy costs about 0.5 s).
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** The PGlite this package (and Ponder) runs: a data dir's format follows its version. */
function pgliteVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const version = manifest.dependencies["@electric-sql/pglite"];
  if (!version) throw new Error("scripts/package.json names no @electric-sql/pglite");
  return version;
}

async function makeTemplate(template: string): Promise<void> {
  const partial = mkdtempSync(`${template}.partial-`);
  try {
    const db = new PGlite(partial);
    await db.waitReady;
    await db.close();
    // Another process may have made it meanwhile: theirs stays, ours goes.
    if (!existsSync(template)) renameSync(partial, template);
  } catch (error) {
    if (!existsSync(template)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** Fills `dir` (which must not exist yet) with an empty, initialized PGlite data dir. */
export async function emptyPgliteDataDir(dir: string): Promise<void> {
  const template = path.join(os.tmpdir(), `pixlings-ponder-pglite-${pgliteVersion()}`);
  if (!existsSync(template)) await makeTemplate(template);
  cpSync(template, dir, { recursive: true, errorOnExist: true, force: false });
}
