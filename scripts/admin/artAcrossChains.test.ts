import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalize, type Art } from "@pixlings/shared/art/codec";
import { artComparison, cellsDiffering, describeArt } from "./artAcrossChains.ts";

const piece = (palette: number[], cell: (i: number) => number): Art => canonicalize({ palette, pixels: Uint8Array.from({ length: 81 }, (_, i) => cell(i)) });
const stripes = piece([0x000000, 0xffffff], (i) => i % 2);
/** The same picture with its palette in another order: not a difference. */
const stripesReordered = canonicalize({ palette: [0xffffff, 0x000000], pixels: Uint8Array.from({ length: 81 }, (_, i) => 1 - (i % 2)) });
const oneCellOff = piece([0x000000, 0xffffff, 0xff0000], (i) => (i === 40 ? 2 : i % 2));

test("cells differing compares colours cell by cell, whatever the palette's order", () => {
  assert.equal(cellsDiffering(stripes, stripesReordered), 0);
  assert.equal(cellsDiffering(stripes, oneCellOff), 1);
  assert.equal(describeArt(oneCellOff), "3 colours, symmetry both");
  assert.equal(describeArt(piece([0x123456], () => 0)), "1 colour, symmetry both");
});

test("the comparison shows every chain against the new art, and warns when a chain left out will differ", () => {
  assert.deepEqual(
    artComparison(42, oneCellOff, [
      { network: "sepolia", written: true, art: stripes },
      { network: "amoy", written: true, art: oneCellOff },
    ]),
    [
      "Pix #42 on each chain with a deployment (the new art: 3 colours, symmetry both):",
      "  sepolia  now 2 colours, symmetry both: 1 of 81 cells change",
      "  amoy     now 3 colours, symmetry both: already this art",
      "The chains show different art for Pix #42 now.",
    ],
  );
  assert.deepEqual(
    artComparison(42, oneCellOff, [
      { network: "sepolia", written: true, art: stripes },
      { network: "amoy", written: false, art: stripesReordered },
    ]),
    [
      "Pix #42 on each chain with a deployment (the new art: 3 colours, symmetry both):",
      "  sepolia          now 2 colours, symmetry both: 1 of 81 cells change",
      "  amoy (left out)  keeps 2 colours, symmetry both: 1 of 81 cells differ from the new art",
      "Warning: afterwards amoy shows other art for Pix #42 than the chains written (or could not be compared).",
    ],
  );
  assert.deepEqual(
    artComparison(42, oneCellOff, [
      { network: "localEthereum", written: true, art: stripes },
      { network: "localPolygon", written: false, art: { problem: "cannot reach the RPC at http://127.0.0.1:8546 (fetch failed)." } },
    ]).slice(2),
    [
      "  localPolygon (left out)  not read: cannot reach the RPC at http://127.0.0.1:8546 (fetch failed).",
      "Warning: afterwards localPolygon shows other art for Pix #42 than the chains written (or could not be compared).",
    ],
  );
  assert.equal(
    artComparison(42, stripes, [
      { network: "sepolia", written: true, art: oneCellOff },
      { network: "amoy", written: false, art: stripes },
    ]).some((line) => line.startsWith("Warning")),
    false,
    "a chain left out that already shows the new art agrees afterwards",
  );
});
