import { get, N, newGrid, outline, ROLE, set, setPair, type Grid } from "../grid.ts";
import type { Rng } from "../rng.ts";
import { drawFace } from "./face.ts";

/** A drawing as role grid, and what it depicts. */
export interface Drawing {
  grid: Grid;
  kind: string;
}

const TOPS = ["none", "cat", "bear", "bunny", "antenna", "horns", "tuft", "sprout", "crown"] as const;
type Top = (typeof TOPS)[number];
const FEET = ["none", "stubs", "legs", "tentacles", "wavy"] as const;
type Feet = (typeof FEET)[number];
const SHAPES = ["round", "square", "egg", "bean", "pear"] as const;
type Shape = (typeof SHAPES)[number];

interface Plan {
  hw: number;
  top: Top;
  feet: Feet;
  shape: Shape;
  arms: boolean;
  wings: boolean;
}

const TOP_ROWS: Record<Top, number> = { none: 0, cat: 1, bear: 1, bunny: 2, antenna: 2, horns: 1, tuft: 1, sprout: 2, crown: 2 };
const FEET_ROWS: Record<Feet, number> = { none: 0, stubs: 1, legs: 1, tentacles: 1, wavy: 0 };

/** Which kind name a plan reads as (used for names and descriptions). */
function kindOf(p: Plan): string {
  if (p.wings) return p.top === "cat" || p.top === "horns" ? "bat" : "birdling";
  if (p.feet === "tentacles") return p.top === "antenna" ? "jelly" : "squid";
  if (p.feet === "wavy") return "ghost";
  const byTop: Record<Top, string> = {
    none: p.feet === "none" ? "slime" : "blob",
    cat: "cat",
    bear: "bear",
    bunny: "bunny",
    antenna: p.feet === "legs" ? "bug" : "alien",
    horns: "imp",
    tuft: "chick",
    sprout: "sprout",
    crown: "king",
  };
  return p.shape === "square" && p.top === "antenna" ? "robot" : byTop[p.top];
}

/** Half-width (from the centre column) of the body in row `i` of `h` rows. */
function rowHalf(shape: Shape, hw: number, i: number, h: number): number {
  const last = i === h - 1;
  switch (shape) {
    case "round":
      return i === 0 || last ? hw - 1 : hw;
    case "square":
      return hw;
    case "egg":
      return i === 0 ? hw - 1 : i === 1 && hw === 3 && h > 4 ? hw - 1 : hw;
    case "bean":
      return last ? hw - 1 : hw;
    case "pear":
      return i < Math.floor(h / 2) ? hw - 1 : hw;
  }
}

/** A procedurally built, vertically symmetric creature: body, ears or antennae, feet, face. */
export function drawCreature(rng: Rng): Drawing {
  const plan: Plan = {
    hw: rng.weighted([2, 3], [3, 2]),
    top: rng.weighted(TOPS, [5, 4, 3, 3, 3, 2, 2, 2, 1]),
    feet: rng.weighted(FEET, [4, 4, 2, 2, 2]),
    shape: rng.weighted(SHAPES, [4, 2, 2, 2, 2]),
    arms: false,
    wings: false,
  };
  plan.arms = plan.hw === 2 && rng.chance(0.3);
  plan.wings = plan.hw === 2 && !plan.arms && rng.chance(0.15);
  if (plan.top === "bunny" && plan.hw === 3) plan.top = "bear";
  const g = newGrid();
  const topRows = TOP_ROWS[plan.top];
  const feetRows = FEET_ROWS[plan.feet];
  const free = N - topRows - 2 - feetRows;
  const h = Math.max(3, Math.min(6, free - (free > 4 && rng.chance(0.4) ? 1 : 0)));
  const y1 = N - 1 - feetRows - 1 - Math.floor((free - h) / 2);
  const y0 = y1 - h + 1;
  const mask = (x: number, y: number): void => setPair(g, x, y, ROLE.body);
  for (let i = 0; i < h; i++) {
    const half = rowHalf(plan.shape, plan.hw, i, h);
    for (let x = 4 - half; x <= 4; x++) mask(x, y0 + i);
  }
  const left = 4 - plan.hw;
  const mid = y0 + Math.floor(h / 2);
  if (plan.arms) mask(left - 1, mid);
  if (plan.wings) {
    mask(left - 1, mid - 1);
    mask(left - 1, mid);
    set(g, left - 2, mid - 1, ROLE.body);
    set(g, 8 - left + 2, mid - 1, ROLE.body);
  }
  drawTopMask(g, plan, y0, left);
  drawFeetMask(g, plan, y1, left);
  outline(g, (r) => r === ROLE.body || r === ROLE.accent || r === ROLE.accent2);
  drawTopLines(g, plan, y0, left);
  if (plan.feet === "stubs") {
    setPair(g, left + 1, y1 + 2, ROLE.line);
  }
  drawFace(g, rng, { y0, y1, hw: plan.hw, kind: kindOf(plan) });
  return { grid: g, kind: kindOf(plan) };
}

function drawTopMask(g: Grid, p: Plan, y0: number, left: number): void {
  const y = y0 - 1;
  switch (p.top) {
    case "cat":
      setPair(g, left, y, ROLE.body);
      break;
    case "bear":
      setPair(g, left, y, ROLE.body);
      if (p.hw === 3) setPair(g, left + 1, y, ROLE.accent2);
      break;
    case "bunny":
      setPair(g, left + 1, y, ROLE.body);
      setPair(g, left + 1, y - 1, ROLE.accent2);
      break;
    case "horns":
      setPair(g, left, y, ROLE.accent);
      break;
    case "tuft":
      set(g, 4, y, ROLE.body);
      break;
    case "crown":
      setPair(g, 3, y, ROLE.accent);
      set(g, 4, y, ROLE.accent);
      break;
    default:
      break;
  }
}

function drawTopLines(g: Grid, p: Plan, y0: number, left: number): void {
  if (p.top === "antenna") {
    const x = p.hw === 3 ? left + 1 : left;
    setPair(g, x, y0 - 2, ROLE.line);
    setPair(g, x - 1, y0 - 3, ROLE.accent);
  } else if (p.top === "sprout") {
    set(g, 4, y0 - 2, ROLE.line);
    set(g, 3, y0 - 3, ROLE.accent);
    set(g, 5, y0 - 3, ROLE.accent);
    setPair(g, 2, y0 - 3, ROLE.line);
    set(g, 4, y0 - 3, ROLE.line);
  } else if (p.top === "crown") {
    setPair(g, 3, y0 - 3, ROLE.line);
  }
}

function drawFeetMask(g: Grid, p: Plan, y1: number, left: number): void {
  const y = y1 + 1;
  if (p.feet === "legs") {
    setPair(g, left + 1, y, ROLE.body);
  } else if (p.feet === "tentacles") {
    for (let x = left; x <= 4; x += 2) setPair(g, x, y, ROLE.body);
  } else if (p.feet === "wavy") {
    for (let x = left + 1; x <= 4; x += 2) if (get(g, x, y1) === ROLE.body) setPair(g, x, y1, ROLE.bg);
  }
}
