// Story edits reach the catalogue of every API process sharing the database: two caches over one
// real (PGlite) database stand for two processes.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { migratedTemplate } from "@pixlings/test-kit/migratedTemplate";
import { openDatabase, type Database } from "../db/openDatabase.ts";
import { catalogue } from "../db/tables/catalogue.ts";
import { saveStory } from "../owners/saveStory.ts";
import { createCatalogueCache } from "./catalogueCache.ts";
import { loadCatalogue } from "./loadCatalogue.ts";
import { readStoriesVersion } from "./readStoriesVersion.ts";

const PIECES = 50;
const PROBE_MS = 40;
const cacheOf = (database: Database) => createCatalogueCache(database.db, { probeMs: PROBE_MS, fullReloadMs: 3_600_000, timeoutMs: 5_000 });

/** Reads `cache` until `ok` holds of what it answers, for at most `withinMs` (a probe runs in the background). */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ok(value) || performance.now() > deadline) return value;
    await sleep(10);
  }
}

describe("catalogue cache: story edits across API processes", () => {
  let dir: string;
  let database: Database;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-catalogue-cache-"));
    database = await openDatabase({ pgliteDir: path.join(dir, "db"), loadDataDir: await migratedTemplate() });
    await database.db.insert(catalogue).values(
      Array.from({ length: PIECES }, (_, i) => ({
        tokenId: i + 1,
        name: `Pix ${i + 1}`,
        description: "generated",
        tier: "Common" as const,
        colorCount: 3,
        symmetry: "none" as const,
      })),
    );
  });
  after(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("shows an edit at once where it was made, and in the other process after its next probe, rereading only the edited rows", async () => {
    const a = cacheOf(database);
    const b = cacheOf(database);
    const beforeA = await a.get();
    const beforeB = await b.get();
    assert.equal(beforeB.value.get(7)?.customName, null);

    await saveStory(database.db, 7, { customName: "Seven", customDescription: "A story" });
    a.invalidate();
    const afterA = await a.get();
    assert.equal(afterA.value.get(7)?.customName, "Seven");
    assert.notEqual(afterA.stamp, beforeA.stamp, "a new stamp: pages cached for the old one are dropped");

    const afterB = await until(
      () => b.get(),
      (c) => c.value.get(7)?.customName === "Seven",
      2_000,
    );
    assert.equal(afterB.value.get(7)?.customName, "Seven", "the other process sees the edit without being told");
    assert.equal(afterB.value.get(7)?.customDescription, "A story");
    assert.notEqual(afterB.stamp, beforeB.stamp);
    // Only the edited row was read again: every other entry is the very object of the first load.
    for (const [tokenId, entry] of afterB.value) if (tokenId !== 7) assert.equal(entry, beforeB.value.get(tokenId), `entry ${tokenId} was reloaded`);
    assert.notEqual(afterB.value, beforeB.value, "a new map: the old one stays as it was for whoever holds it");
    assert.equal(beforeB.value.get(7)?.customName, null);

    await saveStory(database.db, 7, { customName: null });
    const cleared = await until(
      () => b.get(),
      (c) => c.value.get(7)?.customName === null,
      2_000,
    );
    assert.equal(cleared.value.get(7)?.customName, null, "clearing a name shows too");
    assert.equal(cleared.value.get(7)?.customDescription, "A story", "an absent field stays");
  });

  it("keeps the same value and stamp while nothing is edited", async () => {
    const b = cacheOf(database);
    const first = await b.get();
    await sleep(PROBE_MS * 3);
    await b.get();
    await sleep(PROBE_MS);
    assert.equal(await b.get(), first);
  });

  it("loses no edit when many land at once from both processes, on the same and on different Pix", async () => {
    const a = cacheOf(database);
    const b = cacheOf(database);
    await Promise.all([a.get(), b.get()]);
    const start = await readStoriesVersion(database.db);
    const edits = Array.from({ length: 40 }, (_, i) => ({ tokenId: 10 + (i % 15), customName: `edit ${i}` }));
    const versions = await Promise.all(edits.map(({ tokenId, customName }) => saveStory(database.db, tokenId, { customName })));
    assert.deepEqual(
      [...versions].sort((x, y) => x - y),
      Array.from({ length: edits.length }, (_, i) => start + i + 1),
      "one version per edit, none shared, none skipped",
    );
    const stored = await loadCatalogue(database.db);
    for (const cache of [a, b]) {
      const seen = await until(
        () => cache.get(),
        (c) => edits.every(({ tokenId }) => c.value.get(tokenId)?.customName === stored.get(tokenId)?.customName),
        2_000,
      );
      for (const { tokenId } of edits) assert.equal(seen.value.get(tokenId)?.customName, stored.get(tokenId)?.customName, `Pix ${tokenId}`);
    }
  });

  it("only story edits bump the version: reading the catalogue does not", async () => {
    const version = await readStoriesVersion(database.db);
    await loadCatalogue(database.db);
    await loadCatalogue(database.db, { editedAfter: 0 });
    assert.equal(await readStoriesVersion(database.db), version);
    assert.deepEqual([...(await loadCatalogue(database.db, { editedAfter: version })).keys()], []);
  });
});
