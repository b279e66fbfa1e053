import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR } from "@pixlings/api/db";

function migrationsHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  // The data dir format follows PGlite's version.
  const manifest = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "..", "package.json"), "utf8")) as { dependencies: Record<string, string> };
  hash.update(manifest.dependencies["@electric-sql/pglite"] ?? "");
  return hash.digest("hex").slice(0, 16);
}

async function readOrMake(file: string): Promise<Blob> {
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const pg = await PGlite.create();
  try {
    await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await pg.dumpDataDir("none");
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await pg.close();
  }
}

/** Per file, the template this process is making: two APIs started at once make it once. */
const making = new Map<string, Promise<Blob>>();

/**
 * A PGlite data dir with every migration applied, as a `dumpDataDir` tarball, cached in `dir`
 * (the temp dir) per migrations version: a test database then opens in about 0.5 s instead of 2+ s.
 */
export function migratedTemplate(dir: string = tmpdir()): Promise<Blob> {
  const file = path.join(dir, `pixlings-api-pglite-${migrationsHash()}.tar`);
  const pending = making.get(file);
  if (pending) return pending;
  const template = readOrMake(file).finally(() => making.delete(file));
  making.set(file, template);
  return template;
}
