import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodePiece, encodePiece } from "@pixlings/shared/art/codec";
import { CELL_COUNT } from "@pixlings/shared/collection";
import { colorsUsed, DEFAULT_SWATCHES, fillAll, fromHex, isBlank, newDrawing, paint, setSwatch, swatchName, toPixelArt } from "./drawing.ts";
import { cellAfterKey, cellPosition } from "./gridKeys.ts";

describe("the pixel editor's drawing", () => {
  it("starts blank: 81 cells of the background, 16 swatches, one colour", () => {
    const drawing = newDrawing();
    assert.equal(drawing.cells.length, CELL_COUNT);
    assert.equal(drawing.palette.length, 16);
    assert.equal(DEFAULT_SWATCHES.length, 16);
    assert.equal(new Set(drawing.palette).size, 16);
    assert.equal(colorsUsed(drawing), 1);
    assert.ok(isBlank(drawing));
    assert.throws(() => newDrawing([]), RangeError);
    assert.throws(() => newDrawing(Array.from({ length: 17 }, (_, i) => i)), RangeError);
  });

  it("paints cells without touching the drawing it came from, and ignores cells and swatches that do not exist", () => {
    const blank = newDrawing();
    const one = paint(blank, 40, 8);
    assert.equal(blank.cells[40], 0);
    assert.equal(one.cells[40], 8);
    assert.equal(colorsUsed(one), 2);
    assert.ok(!isBlank(one));
    assert.equal(paint(one, 40, 8), one, "same cell, same swatch: nothing changes");
    for (const [cell, swatch] of [
      [-1, 1],
      [81, 1],
      [1.5, 1],
      [0, 16],
      [0, -1],
    ] as const) {
      assert.equal(paint(one, cell, swatch), one, `${cell}/${swatch}`);
    }
  });

  it("clears to one swatch", () => {
    const busy = paint(paint(newDrawing(), 0, 1), 80, 2);
    const cleared = fillAll(busy, 0);
    assert.ok(cleared.cells.every((swatch) => swatch === 0));
    assert.equal(fillAll(busy, 99), busy);
  });

  it("recolours the cells of a changed swatch; two swatches of one colour count once", () => {
    const drawing = paint(paint(newDrawing(), 0, 8), 1, 9);
    assert.equal(colorsUsed(drawing), 3);
    const same = setSwatch(drawing, 9, drawing.palette[8]!);
    assert.equal(colorsUsed(same), 2);
    assert.equal(toPixelArt(same).palette.length, 2);
    assert.equal(setSwatch(drawing, 3, 0x1000000), drawing);
    assert.equal(setSwatch(drawing, 16, 0), drawing);
  });

  it("gives the codec's canonical art, which round-trips through the on-chain encoding", () => {
    let drawing = newDrawing();
    // A diagonal in red and a column in blue on the white background.
    for (let i = 0; i < 9; i++) drawing = paint(drawing, i * 10, 8);
    for (let row = 0; row < 9; row++) drawing = paint(drawing, row * 9 + 8, 12);
    const art = toPixelArt(drawing);
    // By use: white 64, blue 9 (its column takes the diagonal's last cell), red 8; lower-case hex.
    assert.deepEqual(art.palette, ["#fff1e8", "#29adff", "#ff004d"]);
    assert.equal(art.pixels.length, 81);
    const colourAt = (cell: number) => art.palette[art.pixels[cell]!];
    assert.equal(colourAt(0), "#ff004d");
    assert.equal(colourAt(8), "#29adff");
    assert.equal(colourAt(1), "#fff1e8");
    const codecArt = { palette: art.palette.map((hex) => fromHex(hex)!), pixels: Uint8Array.from(art.pixels) };
    const decoded = decodePiece(encodePiece(codecArt));
    assert.deepEqual(decoded.palette, codecArt.palette);
    assert.deepEqual([...decoded.pixels], art.pixels);
  });

  it("uses all 16 colours at most", () => {
    let drawing = newDrawing();
    for (let swatch = 0; swatch < 16; swatch++) drawing = paint(drawing, swatch, swatch);
    assert.equal(colorsUsed(drawing), 16);
    assert.equal(toPixelArt(drawing).palette.length, 16);
  });

  it("reads hex colours, and names swatches", () => {
    assert.equal(fromHex("#FF004d"), 0xff004d);
    for (const bad of ["ff004d", "#ff004", "#ff004dd", "#gg0000", ""]) assert.equal(fromHex(bad), undefined, bad);
    assert.equal(swatchName(0xff004d), "Red");
    assert.equal(swatchName(0x123456), "#123456");
  });
});

describe("keyboard moves in the 9x9 grid", () => {
  it("moves by one with the arrows and stops at the edges", () => {
    assert.equal(cellAfterKey(40, "ArrowLeft"), 39);
    assert.equal(cellAfterKey(40, "ArrowRight"), 41);
    assert.equal(cellAfterKey(40, "ArrowUp"), 31);
    assert.equal(cellAfterKey(40, "ArrowDown"), 49);
    assert.equal(cellAfterKey(0, "ArrowLeft"), 0);
    assert.equal(cellAfterKey(0, "ArrowUp"), 0);
    assert.equal(cellAfterKey(8, "ArrowRight"), 8, "no wrap to the next row");
    assert.equal(cellAfterKey(80, "ArrowDown"), 80);
  });

  it("jumps to the row's ends and the corners", () => {
    assert.equal(cellAfterKey(40, "Home"), 36);
    assert.equal(cellAfterKey(40, "End"), 44);
    assert.equal(cellAfterKey(40, "Home", true), 0);
    assert.equal(cellAfterKey(40, "End", true), 80);
    assert.equal(cellAfterKey(40, "a"), undefined);
  });

  it("names cells by row and column", () => {
    assert.equal(cellPosition(0), "Row 1, column 1");
    assert.equal(cellPosition(13), "Row 2, column 5");
    assert.equal(cellPosition(80), "Row 9, column 9");
  });
});
