import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { decodeBlob, type Art } from "@pixlings/shared/art/codec";
import { isArtistId } from "@pixlings/shared/collection";
import { TIER, type TierCode } from "@pixlings/shared/tiers";
import { parseArt, serializeArt, writeArtFile, type ArtSet } from "./artfile.ts";
import { CHUNK_COUNT, chunkBlobs, chunkRange, loadArt } from "./chunks.ts";

/** A cheap stand-in collection: one-colour pieces of varied colours. */
function fakeSet(): ArtSet {
  const art: Art[] = Array.from({ length: 9999 }, (_, i) => ({
    palette: [(i % 40) * 0x030303, 0xffffff],
    pixels: Uint8Array.from({ length: 81 }, (_, c) => (c === i % 81 ? 1 : 0)),
  }));
  const tiers = art.map((_, i): TierCode => (isArtistId(i + 1) ? TIER.Artist : i % 10 === 0 ? TIER.Rare : TIER.Common));
  return { seed: "fake", art, tiers };
}

test("chunks cover ids 1..9999 in order, as the contract's chunkRange", () => {
  let next = 1;
  for (let c = 0; c < CHUNK_COUNT; c++) {
    const { firstId, lastId } = chunkRange(c);
    assert.equal(firstId, next);
    assert.ok(lastId >= firstId && lastId - firstId < 256);
    next = lastId + 1;
  }
  assert.equal(next, 10000);
  assert.throws(() => chunkRange(CHUNK_COUNT), /outside/);
});

test("chunkBlobs cuts the collection into 40 chunks of tiers and pieces", () => {
  const set = fakeSet();
  const chunks = chunkBlobs(set);
  assert.equal(chunks.length, CHUNK_COUNT);
  let next = 1;
  for (const c of chunks) {
    assert.equal(c.firstId, next);
    const pieces = decodeBlob(c.blob);
    assert.equal(pieces.length, c.tiers.length);
    assert.deepEqual([...c.tiers], set.tiers.slice(c.firstId - 1, c.firstId - 1 + c.tiers.length));
    next += c.tiers.length;
  }
  assert.equal(next, 10000);
  assert.throws(() => chunkBlobs({ art: set.art.slice(1), tiers: set.tiers }), /9999/);
});

test("art.json round-trips through writeArtFile and loadArt", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "pixlings-art-"));
  try {
    const set = fakeSet();
    await writeArtFile(dir, set);
    const loaded = await loadArt(dir);
    assert.deepEqual(loaded, set);
    const text = await readFile(path.join(dir, "art.json"), "utf8");
    assert.equal(text, serializeArt(set));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("parseArt rejects files that are not a whole, valid collection", () => {
  const good = serializeArt(fakeSet());
  assert.throws(() => parseArt("{}"), /not a pixlings-art/);
  assert.throws(() => parseArt(good.replace(/\{"id":2,[^\n]*\n/, "")), /expected 9999/);
  assert.throws(() => parseArt(good.replace('"id":1,"tier":3', '"id":1,"tier":1')), /tier 1/);
  assert.throws(() => parseArt(good.replace(/"pixels":"0/, '"pixels":"g')), /81 hex/);
  assert.throws(() => parseArt(good.replace(/"pixels":"1/, '"pixels":"5')), /outside palette/);
});
