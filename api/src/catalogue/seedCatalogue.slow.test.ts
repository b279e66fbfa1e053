import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { count, eq } from "drizzle-orm";
import { readConfig } from "../config/readConfig.ts";
import { openDatabase, type Database, type OpenDatabaseParameters } from "../db/openDatabase.ts";
import { artists, catalogue } from "../db/schema.ts";
import { migratedTemplate } from "@pixlings/test-kit/migratedTemplate";
import { startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { readCatalogueFile, type CatalogueFile } from "./readCatalogueFile.ts";
import { seedCatalogue } from "./seedCatalogue.ts";

const file: CatalogueFile = await readCatalogueFile(readConfig({}).catalogueFile);

/** The same checks on PGlite and on a real Postgres 15. */
function seedTests(name: string, open: () => Promise<{ params: OpenDatabaseParameters; cleanup: () => Promise<void> }>): void {
  describe(`seedCatalogue on ${name}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    before(async () => {
      const opened = await open();
      cleanup = opened.cleanup;
      database = await openDatabase(opened.params);
    });
    after(async () => {
      await database?.close();
      await cleanup?.();
    });

    it("seeds 9,999 pieces (117 Artist) and the artists, idempotently", async () => {
      const first = await seedCatalogue(database.db, file);
      assert.deepEqual(first, { artists: { inserted: file.artists.length, updated: 0 }, pieces: { inserted: 9999, updated: 0 } });
      const second = await seedCatalogue(database.db, file);
      assert.deepEqual(second, { artists: { inserted: 0, updated: 0 }, pieces: { inserted: 0, updated: 0 } });
      const [all] = await database.db.select({ n: count() }).from(catalogue);
      const [artistTier] = await database.db.select({ n: count() }).from(catalogue).where(eq(catalogue.tier, "Artist"));
      const [artistRows] = await database.db.select({ n: count() }).from(artists);
      assert.equal(all?.n, 9999);
      assert.equal(artistTier?.n, 117);
      assert.equal(artistRows?.n, file.artists.length);
      const [one] = await database.db.select().from(catalogue).where(eq(catalogue.tokenId, 1));
      const piece = file.pieces.find((p) => p.tokenId === 1);
      assert.equal(one?.name, piece?.name);
      assert.equal(one?.tier, "Artist");
      assert.equal(one?.artistId, piece?.artistId);
    });

    it("updates changed text but keeps owners' custom names and stories", async () => {
      await database.db.update(catalogue).set({ customName: "Bob", customDescription: "My story" }).where(eq(catalogue.tokenId, 500));
      const changed: CatalogueFile = { ...file, pieces: file.pieces.map((p) => (p.tokenId === 500 ? { ...p, name: "Renamed Pix" } : p)) };
      assert.deepEqual(await seedCatalogue(database.db, changed), { artists: { inserted: 0, updated: 0 }, pieces: { inserted: 0, updated: 1 } });
      const [row] = await database.db.select().from(catalogue).where(eq(catalogue.tokenId, 500));
      assert.equal(row?.name, "Renamed Pix");
      assert.equal(row?.customName, "Bob");
      assert.equal(row?.customDescription, "My story");
    });
  });
}

seedTests("PGlite", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-seed-"));
  return { params: { pgliteDir: path.join(dir, "db"), loadDataDir: await migratedTemplate() }, cleanup: () => rm(dir, { recursive: true, force: true }) };
});

if (process.env.PIXLINGS_SKIP_POSTGRES === "1") {
  describe("seedCatalogue on Postgres 15", () => {
    it.skip("skipped: PIXLINGS_SKIP_POSTGRES=1");
  });
} else {
  seedTests("Postgres 15", async () => {
    const pg: TestPostgres = await startPostgres();
    return { params: { databaseUrl: pg.url }, cleanup: () => pg.stop() };
  });
}
