import { t, type Template } from "./template.ts";

/** Asymmetric pieces: creatures and things seen from the side. */
export const PROFILES: readonly Template[] = [
  t("songbird", "none", [
    ".........",
    "...ooo...",
    "..o###o..",
    ".o#o###o.",
    "o++####o.",
    ".oo##h##o",
    "..o#hh#o.",
    "...ooooo.",
    "....a.a..",
  ], { hues: ["red", "sky", "yellow", "orange", "blue", "pink"], accents: ["orange", "yellow"], accents2: ["orange", "brown"] }),
  t("whale", "none", [
    ".....+.+.",
    "......+..",
    "...oooo..",
    "..o####oo",
    ".o######o",
    "o#o####o.",
    "o######o.",
    ".o++++o..",
    "..oooo...",
  ], { hues: ["blue", "sky", "teal", "purple", "grey"], accents: ["sky", "grey"] }),
  t("mug", "none", [
    "..+..+...",
    "...+..+..",
    ".oooooo..",
    ".o####ooo",
    ".o#hh#o.o",
    ".o#hh#o.o",
    ".o####ooo",
    ".o####o..",
    "..oooo...",
  ], { hues: ["red", "sky", "teal", "pink", "yellow", "green"], accents: ["grey"] }),
  t("key", "none", [
    "...ooo...",
    "..o###o..",
    "..o#o#o..",
    "..o###o..",
    "...o#o...",
    "...o#oo..",
    "...o##o..",
    "...o+oo..",
    "....o....",
  ], { hues: ["yellow", "orange", "grey", "brown"], accents: ["red", "sky", "grey"] }),
];
