import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeBlob } from "@pixlings/shared/art/codec";
import { artToPng } from "@pixlings/shared/node/png";
import { artToSvg, svgToPixels } from "@pixlings/shared/art/svg";
import { SYMMETRY_BY_CODE, symmetryOf } from "@pixlings/shared/art/symmetry";
import { isArtistId } from "@pixlings/shared/collection";
import { TIER } from "@pixlings/shared/tiers";
import { serializeArt } from "./artfile.ts";
import { ARTISTS } from "./artists.ts";
import { serializeCatalogue } from "./catalogue.ts";
import { CHUNK_COUNT, chunkBlobs } from "./chunks.ts";
import { artKey, generateCollection } from "./collection.ts";

const collection = generateCollection();
const { pieces, catalogue } = collection;
const set = { seed: collection.seed, art: pieces.map((p) => p.art), tiers: pieces.map((p) => p.tier) };
const chunks = chunkBlobs(set);

test("the same seed gives the same bytes; another seed another collection", () => {
  const again = generateCollection();
  const againSet = { seed: again.seed, art: again.pieces.map((p) => p.art), tiers: again.pieces.map((p) => p.tier) };
  assert.equal(serializeArt(againSet), serializeArt(set));
  assert.equal(serializeCatalogue(again.catalogue), serializeCatalogue(catalogue));
  const other = generateCollection("another seed");
  assert.notDeepEqual(other.pieces[100]!.art, pieces[100]!.art);
});

test("all 9,999 pieces are unique pictures", () => {
  assert.equal(pieces.length, 9999);
  assert.equal(new Set(pieces.map(artKey)).size, 9999);
  pieces.forEach((p, i) => {
    assert.equal(p.id, i + 1);
  });
});

test("tiers: the 117 Artist ids, about 9% of the others Rare, the rest Common", () => {
  const count = (code: number): number => pieces.filter((p) => p.tier === code).length;
  assert.equal(count(TIER.Artist), 117);
  for (const p of pieces) assert.equal(p.tier === TIER.Artist, isArtistId(p.id), `id ${p.id}`);
  const rare = count(TIER.Rare) / (9999 - 117);
  assert.ok(rare >= 0.08 && rare <= 0.1, `Rare share ${rare}`);
  assert.equal(count(TIER.Common) + count(TIER.Rare) + count(TIER.Artist), 9999);
});

test("every symmetry is present, and colour counts fit each tier", () => {
  const symmetries = new Set(catalogue.pieces.map((e) => e.symmetry));
  assert.deepEqual([...symmetries].sort(), [...SYMMETRY_BY_CODE].sort());
  for (const p of pieces) {
    const colors = p.art.palette.length;
    assert.ok(colors <= 16, `id ${p.id}`);
    if (p.tier === TIER.Common) assert.ok(colors >= 2 && colors <= 4, `Common ${p.id}: ${colors}`);
    if (p.tier === TIER.Rare) assert.ok(colors >= 5 && colors <= 8, `Rare ${p.id}: ${colors}`);
  }
  const commons = pieces.filter((p) => p.tier === TIER.Common);
  const threeOrFour = commons.filter((p) => p.art.palette.length >= 3).length / commons.length;
  assert.ok(threeOrFour > 0.97, `Commons with 3-4 colours: ${threeOrFour}`);
});

test("every chunk decodes back to its pieces, with their symmetry", () => {
  assert.equal(chunks.length, CHUNK_COUNT);
  for (const chunk of chunks) {
    const decoded = decodeBlob(chunk.blob);
    assert.equal(decoded.length, chunk.tiers.length);
    decoded.forEach((d, i) => {
      const id = chunk.firstId + i;
      const piece = pieces[id - 1]!;
      assert.equal(chunk.tiers[i], piece.tier);
      assert.deepEqual(d.palette, piece.art.palette, `id ${id}`);
      assert.deepEqual(d.pixels, piece.art.pixels, `id ${id}`);
      assert.equal(d.symmetry, symmetryOf(piece.art.pixels));
      assert.equal(d.symmetry, catalogue.pieces[id - 1]!.symmetry);
    });
  }
});

test("the average encoded piece is at most 20 bytes, chunk palettes included", () => {
  const total = chunks.reduce((n, c) => n + c.blob.length, 0);
  assert.ok(total / 9999 <= 20, `${(total / 9999).toFixed(2)} bytes per piece`);
  for (const c of chunks) assert.ok(c.blob[0]! <= 48, `chunk ${c.chunkIndex} palette ${c.blob[0]}`);
});

test("catalogue: unique names, one sentence each, artists on Artist pieces only", () => {
  const entries = catalogue.pieces;
  assert.equal(new Set(entries.map((e) => e.name)).size, 9999);
  for (const e of entries) {
    assert.match(e.name, /^[A-Z][a-z]+ [A-Z][a-z]+( [IVX]+)?$/);
    assert.match(e.description, /^[A-Z][^.!?\n]*\.$/);
    assert.equal(e.artistId !== undefined, e.tier === "Artist", `id ${e.tokenId}`);
    assert.equal(e.colorCount, pieces[e.tokenId - 1]!.art.palette.length);
  }
  assert.ok(ARTISTS.length >= 5 && ARTISTS.length <= 7);
  for (const a of ARTISTS) {
    assert.match(a.email, /^[a-z]+@artists\.pixlings\.test$/);
    const mine = entries.filter((e) => e.artistId === a.id).length;
    assert.ok(mine >= 117 / ARTISTS.length - 1, `${a.name} has ${mine} pieces`);
  }
});

test("SVGs draw the pieces and PNGs stay small", () => {
  for (const p of pieces) {
    const rgb = Array.from(p.art.pixels, (i) => p.art.palette[i]!);
    if (p.id % 7 === 0 || p.tier !== TIER.Common) assert.deepEqual(svgToPixels(artToSvg(p.art)), rgb);
    if (p.id % 25 === 0 || p.tier === TIER.Artist) assert.ok(artToPng(p.art).length < 600, `id ${p.id}`);
  }
});
