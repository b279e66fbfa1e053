import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CAP_ROWS, DESCENT_ROWS, fontText, hasGlyph, plotText, textCells } from "./pixelFont.ts";

/** `text` drawn as rows of # and . (cap top at row 0). */
function drawn(text: string): string[] {
  const width = textCells(text);
  const rows = Array.from({ length: CAP_ROWS + DESCENT_ROWS }, () => Array.from({ length: width }, () => "."));
  plotText(text, (x, y) => {
    assert.ok(x >= 0 && x < width && y >= 0 && y < rows.length, `${text}: ink at ${x},${y} outside ${width} columns`);
    rows[y]![x] = "#";
  });
  return rows.map((row) => row.join(""));
}

describe("the share cards' pixel font", () => {
  it("draws every printable ASCII character, each with ink except the space", () => {
    for (let code = 0x20; code <= 0x7e; code++) {
      const char = String.fromCharCode(code);
      assert.ok(hasGlyph(char), `no glyph for ${JSON.stringify(char)}`);
      assert.equal(
        drawn(char).some((row) => row.includes("#")),
        char !== " ",
        JSON.stringify(char),
      );
    }
  });

  it("spaces glyphs one column apart and draws them as designed", () => {
    assert.deepEqual(drawn("Hi.").slice(0, CAP_ROWS), [
      "#...#..#...",
      "#...#......",
      "#...#.##...",
      "#####..#...",
      "#...#..#...",
      "#...#..#...",
      "#...#.###.#",
    ]);
    assert.equal(textCells(""), 0);
    assert.equal(textCells("ii"), 7);
    // Below the baseline: a descender.
    assert.equal(drawn("g")[CAP_ROWS + 1], ".###.");
  });

  it("drops accents and plain-types quotes and dashes; anything else is a hollow box", () => {
    assert.equal(fontText("Tomás Lindqvist — “Ñandú’s”"), 'Tomas Lindqvist - "Nandu\'s"');
    assert.ok(!hasGlyph("猫"));
    assert.deepEqual(drawn("猫"), drawn("\u0001"));
    assert.equal(drawn("猫")[0], "#####");
  });
});
