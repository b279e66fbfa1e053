import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeDifferences, differingCells } from "./compareCells.ts";

const grey = Array<number>(81).fill(0x808080);

describe("comparing the chain's cells with the shop's", () => {
  it("finds nothing when every cell is the same colour", () => {
    assert.deepEqual(differingCells(grey, [...grey]), []);
  });

  it("names each differing cell by row and column, counted from 1, with both colours", () => {
    const shop = [...grey];
    shop[0] = 0xff0000;
    shop[80] = 0x00ff00;
    shop[13] = 0x0000ff;
    const differences = differingCells(grey, shop);
    assert.deepEqual(
      differences.map((d) => [d.row, d.column, d.chain, d.shop]),
      [
        [1, 1, "#808080", "#ff0000"],
        [2, 5, "#808080", "#0000ff"],
        [9, 9, "#808080", "#00ff00"],
      ],
    );
    assert.equal(
      describeDifferences(differences),
      "row 1, column 1 (chain #808080, shop #ff0000); row 2, column 5 (chain #808080, shop #0000ff); row 9, column 9 (chain #808080, shop #00ff00)",
    );
  });

  it("lists the first few and counts the rest", () => {
    const shop = grey.map(() => 0);
    assert.match(describeDifferences(differingCells(grey, shop), 2), /^row 1, column 1 .*; row 1, column 2 .*; and 79 more$/);
  });

  it("refuses a picture that is not 81 cells", () => {
    assert.throws(() => differingCells(grey, grey.slice(1)), /81 cells/);
  });
});
