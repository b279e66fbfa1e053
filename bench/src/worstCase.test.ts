import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeBlob, pieceLength } from "@pixlings/shared/art/codec";
import { artToSvg } from "@pixlings/shared/art/svg";
import { SYMMETRY_BY_CODE } from "@pixlings/shared/art/symmetry";
import { CELL_COUNT, COLLECTION } from "@pixlings/shared/collection";
import { worstChunk, worstPicture } from "./worstCase.ts";

test("every costliest picture draws 81 rects in 15 groups: colour 0 unused, no two row neighbours alike", () => {
  for (const mode of SYMMETRY_BY_CODE) {
    const art = worstPicture(mode);
    assert.equal(art.palette.length, COLLECTION.maxColors, mode);
    assert.ok(!art.pixels.includes(0), `${mode}: colour 0 unused`);
    assert.equal(new Set(art.pixels).size, 15, `${mode}: 15 colours drawn`);
    for (let cell = 0; cell < CELL_COUNT; cell++) {
      if (cell % COLLECTION.gridSize !== 0) assert.notEqual(art.pixels[cell], art.pixels[cell - 1], `${mode}: cell ${cell}`);
    }
    const svg = artToSvg(art);
    assert.equal(svg.split("<rect x=").length - 1, CELL_COUNT, mode);
    assert.equal(svg.split("<g fill=").length - 1, 15, mode);
  }
});

test("a worst chunk holds 249 of the largest pieces, then the picture of its symmetry, under a full palette", () => {
  const chunk = worstChunk(39, "rotational");
  assert.equal(chunk.firstId, 9750);
  assert.equal(chunk.tiers.length, 250);
  assert.equal(chunk.blob[0], 255, "255-colour palette");
  const pieces = decodeBlob(chunk.blob);
  assert.equal(pieces.length, 250);
  assert.deepEqual(new Set(pieces.slice(0, 249).map((p) => p.symmetry)), new Set(["none"]));
  assert.equal(pieces[249]!.symmetry, "rotational");
  assert.deepEqual(Array.from(pieces[249]!.pixels), Array.from(worstPicture("rotational").pixels), "kept as given, not canonicalized");
  const largest = pieceLength((0 << 4) | 15);
  assert.equal(chunk.blob.length, 1 + 255 * 3 + 249 * largest + pieceLength((5 << 4) | 15));
});
