import { CELL_COUNT } from "@pixlings/shared/collection";
import { canonicalize, type Art } from "@pixlings/shared/art/codec";
import { TIER, type TierCode } from "@pixlings/shared/tiers";
import { ROLE, type Grid, type Role } from "./grid.ts";

/** Where a role's colour goes when the tier cannot afford it. */
const FOLD: Partial<Record<Role, Role>> = {
  [ROLE.glow]: ROLE.sparkle,
  [ROLE.sparkle]: ROLE.bg,
  [ROLE.deep]: ROLE.line,
  [ROLE.bg3]: ROLE.bg2,
  [ROLE.bg2]: ROLE.bg,
  [ROLE.light]: ROLE.body,
  [ROLE.shade]: ROLE.body,
  [ROLE.eye]: ROLE.body,
  [ROLE.accent2]: ROLE.body,
  [ROLE.accent]: ROLE.body,
};

/** Roles that may keep their colour, cheapest to lose first (Rare pieces drop from the front). */
const DROP_ORDER: readonly Role[] = [ROLE.glow, ROLE.deep, ROLE.bg3, ROLE.sparkle, ROLE.light, ROLE.accent2, ROLE.bg2, ROLE.eye, ROLE.shade];

export interface Palette {
  /** Colour of every role before folding. */
  colors: readonly number[];
  /** Roles kept for a Common piece beyond background, outline and body (at most one). */
  keep: readonly Role[];
  /** Where accent2 folds (default: body). */
  foldAccent2?: Role;
}

function resolver(kept: Set<Role>, foldAccent2: Role | undefined): (role: Role) => Role {
  return (role: Role): Role => {
    let r = role;
    for (let guard = 0; guard < 16 && !kept.has(r); guard++) {
      const next = r === ROLE.accent2 && foldAccent2 !== undefined ? foldAccent2 : FOLD[r];
      if (next === undefined) break;
      r = next;
    }
    return r;
  };
}

function paint(grid: Grid, colors: readonly number[], resolve: (role: Role) => Role): Art {
  const rgb = Array.from(grid, (role) => colors[resolve(role as Role)]!);
  const palette = [...new Set(rgb)];
  const pixels = Uint8Array.from(rgb, (c) => palette.indexOf(c));
  if (pixels.length !== CELL_COUNT) throw new RangeError("a grid has 81 cells");
  return canonicalize({ palette, pixels });
}

/**
 * Colours a role grid within the tier's budget: Common keeps background, outline, body and at
 * most one more role (3-4 colours); Rare keeps up to 8 colours; Artist keeps every role.
 */
export function colorGrid(grid: Grid, tier: TierCode, p: Palette): Art {
  const base: Role[] = [ROLE.bg, ROLE.line, ROLE.body];
  if (tier === TIER.Artist) return paint(grid, p.colors, (r) => r);
  if (tier === TIER.Common) {
    return paint(grid, p.colors, resolver(new Set([...base, ...p.keep.slice(0, 1)]), p.foldAccent2));
  }
  const kept = new Set<Role>([...base, ROLE.accent, ...DROP_ORDER]);
  let art = paint(grid, p.colors, resolver(kept, p.foldAccent2));
  for (const role of DROP_ORDER) {
    if (art.palette.length <= 8) break;
    kept.delete(role);
    art = paint(grid, p.colors, resolver(kept, p.foldAccent2));
  }
  return art;
}
