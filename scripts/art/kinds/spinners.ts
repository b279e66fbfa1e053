import { t, type Template } from "./template.ts";

/**
 * Four copies of a 5x4 blade turned around the centre cell: pieces that look the same after a
 * half turn (and a quarter turn) but not in a mirror.
 */
export function spin(blade: readonly string[], centre: string): string[] {
  const cells: string[] = new Array<string>(81).fill(".");
  cells[40] = centre;
  blade.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      let [cx, cy] = [x, y];
      for (let turn = 0; turn < 4; turn++) {
        cells[cy * 9 + cx] = ch;
        [cx, cy] = [8 - cy, cx];
      }
    });
  });
  return Array.from({ length: 9 }, (_, r) => cells.slice(r * 9, r * 9 + 9).join(""));
}

export const SPINNERS: readonly Template[] = [
  t("pinwheel", "rotational", spin(["ooooo", ".o#+#", "..o+#", "...o+"], "a"), {
    accents: ["yellow", "grey", "pink", "sky"],
    accents2: ["yellow", "grey", "red"],
  }),
  t("whirligig", "rotational", spin([".....", ".oooo", "..o##", "...o#"], "+"), {
    accents: ["yellow", "grey", "pink"],
  }),
  t("spinner", "rotational", spin(["..o..", ".o#o.", "o###o", "..o#+"], "a"), {
    accents: ["yellow", "grey", "orange"],
    accents2: ["red", "pink", "sky"],
  }),
  t("shuriken", "rotational", spin(["..o..", ".o#o.", ".o#+o", "..o#+"], "e"), {
    hues: ["grey", "purple", "blue", "teal", "red"],
    accents: ["grey", "sky"],
  }),
  t("squiggle", "rotational", [
    ".........",
    "..ooooo..",
    ".o####+o.",
    ".o#oooo..",
    ".o#####o.",
    "..oooo#o.",
    ".o+####o.",
    "..ooooo..",
    ".........",
  ], { accents: ["yellow", "pink", "grey", "red"] }),
  t("domino", "rotational", [
    "..ooooo..",
    ".o+####o.",
    ".o#####o.",
    ".o####+o.",
    ".ooooooo.",
    ".o+####o.",
    ".o#####o.",
    ".o####+o.",
    "..ooooo..",
  ], { hues: ["grey", "red", "blue", "teal", "purple"], accents: ["grey", "yellow"] }),
];
