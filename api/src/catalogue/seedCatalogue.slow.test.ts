import assert from "node:assert/strict";
import { it } from "node:test";
import { count, eq } from "drizzle-orm";
import { readConfig } from "../config/readConfig.ts";
import { artists, catalogue } from "../db/tables/catalogue.ts";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { readCatalogueFile, type CatalogueFile } from "./readCatalogueFile.ts";
import { seedCatalogue } from "./seedCatalogue.ts";

const file: CatalogueFile = await readCatalogueFile(readConfig({}).catalogueFile);

// The same checks on PGlite and on a real Postgres 15.
describeOnApiDatabases("seedCatalogue", (database) => {
  it("seeds 9,999 pieces (117 Artist) and the artists, idempotently", async () => {
    const { db } = database();
    const first = await seedCatalogue(db, file);
    assert.deepEqual(first, { artists: { inserted: file.artists.length, updated: 0 }, pieces: { inserted: 9999, updated: 0 } });
    const second = await seedCatalogue(db, file);
    assert.deepEqual(second, { artists: { inserted: 0, updated: 0 }, pieces: { inserted: 0, updated: 0 } });
    const [all] = await db.select({ n: count() }).from(catalogue);
    const [artistTier] = await db.select({ n: count() }).from(catalogue).where(eq(catalogue.tier, "Artist"));
    const [artistRows] = await db.select({ n: count() }).from(artists);
    assert.equal(all?.n, 9999);
    assert.equal(artistTier?.n, 117);
    assert.equal(artistRows?.n, file.artists.length);
    const [one] = await db.select().from(catalogue).where(eq(catalogue.tokenId, 1));
    const piece = file.pieces.find((p) => p.tokenId === 1);
    assert.equal(one?.name, piece?.name);
    assert.equal(one?.tier, "Artist");
    assert.equal(one?.artistId, piece?.artistId);
  });

  it("updates changed text but keeps owners' custom names and stories", async () => {
    const { db } = database();
    await db.update(catalogue).set({ customName: "Bob", customDescription: "My story" }).where(eq(catalogue.tokenId, 500));
    const changed: CatalogueFile = { ...file, pieces: file.pieces.map((p) => (p.tokenId === 500 ? { ...p, name: "Renamed Pix" } : p)) };
    assert.deepEqual(await seedCatalogue(db, changed), { artists: { inserted: 0, updated: 0 }, pieces: { inserted: 0, updated: 1 } });
    const [row] = await db.select().from(catalogue).where(eq(catalogue.tokenId, 500));
    assert.equal(row?.name, "Renamed Pix");
    assert.equal(row?.customName, "Bob");
    assert.equal(row?.customDescription, "My story");
  });
});
