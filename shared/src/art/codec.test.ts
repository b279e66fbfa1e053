import assert from "node:assert/strict";
import { test } from "node:test";
import { decodePiece, encodeBlobAsGiven, encodePiece, type Art } from "./codec.ts";

/** Colour 0 unused, colour 2 most used: a piece the canonical form would reorder. */
const uncanonical: Art = { palette: [0x111111, 0x222222, 0x333333, 0x444444], pixels: Uint8Array.from({ length: 81 }, (_, i) => (i % 3 === 0 ? 1 : 2)) };

test("as given: palette order and unused colours kept, under a larger blob palette", () => {
  const blobPalette = [0x999999, 0x444444, 0x333333, 0x222222, 0x111111];
  const blob = encodeBlobAsGiven([uncanonical], blobPalette);
  assert.equal(blob[0], 5, "the whole blob palette");
  const piece = decodePiece(blob);
  assert.deepEqual(piece.palette, uncanonical.palette);
  assert.deepEqual(Array.from(piece.pixels), Array.from(uncanonical.pixels));
  assert.notDeepEqual(decodePiece(encodePiece(uncanonical)).palette, uncanonical.palette, "the canonical encoding reorders");
});

test("as given: a blob palette must be distinct and hold every piece colour", () => {
  assert.throws(() => encodeBlobAsGiven([uncanonical], [0x111111, 0x222222, 0x333333]), /not in the blob palette/);
  assert.throws(() => encodeBlobAsGiven([uncanonical], [0x111111, 0x111111, 0x222222, 0x333333, 0x444444]), /distinct/);
});
