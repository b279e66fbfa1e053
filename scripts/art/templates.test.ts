import assert from "node:assert/strict";
import { test } from "node:test";
import { hasSymmetry, symmetryOf } from "@pixlings/shared/art/symmetry";
import { parse, ROLE } from "./grid.ts";
import { FAMILIES, orient, TEMPLATES } from "./kinds/index.ts";
import { drawCreature } from "./kinds/creature.ts";
import { spin } from "./kinds/spinners.ts";
import { createRng } from "./rng.ts";
import { KIND_NOUNS } from "./words.ts";

const all = Object.values(TEMPLATES).flat();

test("every template is drawn with exactly the symmetry it declares", () => {
  for (const tpl of all) {
    const grid = parse(tpl.rows);
    assert.ok(hasSymmetry(grid, tpl.mode), `${tpl.kind} is not ${tpl.mode}`);
    assert.equal(symmetryOf(grid), tpl.mode, `${tpl.kind} is also more symmetric than ${tpl.mode}`);
    for (let seed = 0; seed < 4; seed++) {
      assert.equal(symmetryOf(orient(tpl, createRng(`${tpl.kind}${seed}`))), tpl.mode, `${tpl.kind} turned`);
    }
  }
});

test("every kind has name words, and kinds are distinct", () => {
  const kinds = all.map((t) => t.kind);
  assert.equal(new Set(kinds).size, kinds.length);
  for (const kind of kinds) assert.ok(KIND_NOUNS[kind], `no nouns for ${kind}`);
  assert.equal(FAMILIES.length, Object.keys(TEMPLATES).length + 1);
});

test("spin turns a blade four times around the centre", () => {
  const rows = spin(["o....", ".#...", "..+..", "....."], "e");
  const grid = parse(rows);
  assert.equal(symmetryOf(grid), "both");
  assert.equal(grid[40], ROLE.eye);
  assert.equal(symmetryOf(parse(spin(["oo...", ".#...", ".....", "....."], "e"))), "rotational");
});

test("creatures are vertically symmetric, outlined and have a face", () => {
  for (let i = 0; i < 500; i++) {
    const { grid, kind } = drawCreature(createRng(`creature ${i}`));
    assert.ok(hasSymmetry(grid, "vertical"), `creature ${i}`);
    assert.ok(KIND_NOUNS[kind], `no nouns for ${kind}`);
    assert.ok(grid.includes(ROLE.line) && grid.includes(ROLE.body) && grid.includes(ROLE.bg), `creature ${i}`);
  }
});
