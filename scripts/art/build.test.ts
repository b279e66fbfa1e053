import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { buildArt } from "./build.ts";
import { loadArt } from "./chunks.ts";

test("buildArt writes art.json, catalogue.json and a 10x10 contact sheet", async () => {
  const parent = await mkdtemp(path.join(tmpdir(), "pixlings-build-"));
  const dir = path.join(parent, "art");
  try {
    const result = await buildArt(dir);
    assert.deepEqual((await readdir(dir)).sort(), ["art.json", "catalogue.json", "contact-sheet.png"]);
    assert.deepEqual(result.tiers, { Common: 8982, Rare: 900, Artist: 117 });
    assert.ok(result.averageBytes <= 20);
    const loaded = await loadArt(dir);
    assert.equal(loaded.art.length, 9999);
    const catalogue = JSON.parse(await readFile(path.join(dir, "catalogue.json"), "utf8")) as {
      artists: { email: string }[];
      pieces: { tokenId: number; tier: string }[];
    };
    assert.equal(catalogue.pieces.length, 9999);
    assert.equal(catalogue.pieces[0]!.tier, "Artist");
    const sheet = await readFile(path.join(dir, "contact-sheet.png"));
    const [width, height] = [sheet.readUInt32BE(16), sheet.readUInt32BE(20)];
    assert.equal(width, height);
    assert.equal(width, 10 * 72 + 11 * 4);
    await buildArt(dir);
    assert.deepEqual((await readdir(parent)).sort(), ["art"], "a rebuild replaces the directory, leaving nothing behind");
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
});
