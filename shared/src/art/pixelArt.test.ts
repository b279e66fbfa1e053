import assert from "node:assert/strict";
import { test } from "node:test";
import { colourHex, fromPixelArt, toPixelArt } from "./pixelArt.ts";

const cells = (f: (cell: number) => number): number[] => Array.from({ length: 81 }, (_, cell) => f(cell));

test("a drawn piece round-trips canonical: palette by use, unused colours dropped, lower case", () => {
  const drawn = { palette: ["#FF0000", "#00ff00", "#0000ff"], pixels: cells((cell) => (cell < 60 ? 1 : 0)) };
  const art = fromPixelArt(drawn);
  assert.ok(!("problem" in art));
  assert.deepEqual(art.palette, [0x00ff00, 0xff0000]);
  assert.deepEqual(toPixelArt(art), { palette: ["#00ff00", "#ff0000"], pixels: cells((cell) => (cell < 60 ? 0 : 1)) });
  assert.equal(colourHex(0x0000ff), "#0000ff");
});

test("refuses what is not a piece, saying why", () => {
  const good = { palette: ["#000000", "#ffffff"], pixels: cells((cell) => cell % 2) };
  const cases: [unknown, RegExp][] = [
    [{ ...good, palette: [] }, /1 to 16 colours/],
    [{ ...good, palette: Array.from({ length: 17 }, (_, i) => colourHex(i)) }, /1 to 16 colours/],
    [{ ...good, palette: ["#000", "#ffffff"] }, /#rrggbb/],
    [{ ...good, palette: ["#000000", "#000000"] }, /distinct/],
    [{ ...good, pixels: good.pixels.slice(1) }, /exactly 81/],
    [{ ...good, pixels: [...good.pixels.slice(1), 2] }, /0\.\.1/],
    [{ ...good, pixels: [...good.pixels.slice(1), 0.5] }, /whole numbers/],
  ];
  for (const [input, problem] of cases) {
    const result = fromPixelArt(input as never);
    assert.ok("problem" in result, JSON.stringify(input));
    assert.match(result.problem, problem);
  }
});
