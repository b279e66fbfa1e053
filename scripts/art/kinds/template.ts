import type { Symmetry } from "@pixlings/shared/art/symmetry";
import type { Hue } from "../palette.ts";

/**
 * A hand-drawn piece: 9 rows of template characters (see grid.ts LEGEND), the symmetry it is
 * drawn with, and the hues that suit it (body, accent, second accent).
 */
export interface Template {
  kind: string;
  mode: Symmetry;
  rows: readonly string[];
  hues?: readonly Hue[];
  accents?: readonly Hue[];
  accents2?: readonly Hue[];
  /** When the second accent cannot keep its colour, it takes the accent's (default: body's). */
  fold2?: "accent";
}

export const t = (
  kind: string,
  mode: Symmetry,
  rows: readonly string[],
  extra: Omit<Template, "kind" | "mode" | "rows"> = {},
): Template => ({ kind, mode, rows, ...extra });
