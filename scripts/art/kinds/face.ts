import { get, ROLE, set, setPair, type Grid } from "../grid.ts";
import type { Rng } from "../rng.ts";

export interface FaceBox {
  y0: number;
  y1: number;
  hw: number;
  kind: string;
}

const EYES = ["dot", "tall", "whiteTop", "whiteIn", "whiteOut", "sleepy", "cyclops", "visor"] as const;
type Eyes = (typeof EYES)[number];
const MOUTHS = ["none", "dot", "wide", "open", "fangs", "beak"] as const;

/** Eyes, mouth, cheeks, belly and markings on a creature's body (vertically symmetric). */
export function drawFace(g: Grid, rng: Rng, box: FaceBox): void {
  const body = (x: number, y: number): boolean => get(g, x, y) === ROLE.body;
  const h = box.y1 - box.y0 + 1;
  const ey = box.y0 + (h <= 3 ? 0 : h <= 5 ? 1 : rng.int(1, 2));
  const dx = box.hw === 2 ? rng.weighted([1, 2], [3, 1]) : rng.pick([1, 2]);
  const ex = 4 - dx;
  let eyes: Eyes = rng.weighted(EYES, [5, 3, 4, 2, 2, 1, 1, box.kind === "robot" ? 6 : 1]);
  if (box.kind === "robot" && rng.chance(0.5)) eyes = "visor";
  const fits: Record<Eyes, boolean> = {
    dot: body(ex, ey),
    tall: body(ex, ey) && body(ex, ey + 1) && ey + 1 < box.y1,
    whiteTop: body(ex, ey) && body(ex, ey + 1) && ey + 1 < box.y1,
    whiteIn: dx === 2 && body(ex, ey) && body(ex + 1, ey),
    whiteOut: body(ex, ey) && body(ex - 1, ey),
    sleepy: body(ex, ey) && body(ex - 1, ey),
    cyclops: body(3, ey) && body(4, ey + 1) && ey + 1 < box.y1,
    visor: box.hw === 3 && body(2, ey),
  };
  if (!fits[eyes]) eyes = "dot";
  let low = ey;
  switch (eyes) {
    case "dot":
      setPair(g, ex, ey, ROLE.line);
      break;
    case "tall":
      setPair(g, ex, ey, ROLE.line);
      setPair(g, ex, ey + 1, ROLE.line);
      low = ey + 1;
      break;
    case "whiteTop":
      setPair(g, ex, ey, ROLE.eye);
      setPair(g, ex, ey + 1, ROLE.line);
      low = ey + 1;
      break;
    case "whiteIn":
      setPair(g, ex, ey, ROLE.eye);
      setPair(g, ex + 1, ey, ROLE.line);
      break;
    case "whiteOut":
      setPair(g, ex - 1, ey, ROLE.eye);
      setPair(g, ex, ey, ROLE.line);
      break;
    case "sleepy":
      setPair(g, ex, ey, ROLE.line);
      setPair(g, ex - 1, ey, ROLE.line);
      break;
    case "cyclops":
      setPair(g, 3, ey, ROLE.eye);
      set(g, 4, ey, ROLE.eye);
      set(g, 4, ey + 1, ROLE.line);
      low = ey + 1;
      break;
    case "visor":
      for (let x = 2; x <= 4; x++) setPair(g, x, ey, ROLE.accent);
      setPair(g, 3, ey, ROLE.eye);
      break;
  }
  const m = low + 1;
  const mouth = box.kind === "chick" || box.kind === "birdling" ? "beak" : rng.weighted(MOUTHS, [4, 4, 2, 2, 1, 0]);
  if (m <= box.y1 && body(4, m)) drawMouth(g, mouth, m, body);
  if (eyes !== "cyclops" && eyes !== "visor" && rng.chance(0.35) && body(ex - 1, low + 1) && low + 1 <= box.y1) {
    setPair(g, ex - 1, low + 1, ROLE.accent2);
  }
  const bellyTop = m + 1;
  if (rng.chance(0.35) && bellyTop < box.y1) {
    for (let y = bellyTop; y <= box.y1; y++) for (const x of [3, 4]) if (body(x, y)) setPair(g, x, y, ROLE.light);
  } else if (rng.chance(0.3)) {
    for (let k = 0; k < 2; k++) {
      const x = rng.int(4 - box.hw, 4);
      const y = rng.int(m + 1, box.y1);
      if (body(x, y) && body(x, y - 1)) setPair(g, x, y, ROLE.accent);
    }
  }
}

function drawMouth(g: Grid, mouth: (typeof MOUTHS)[number], m: number, body: (x: number, y: number) => boolean): void {
  switch (mouth) {
    case "dot":
      set(g, 4, m, ROLE.line);
      break;
    case "wide":
      if (body(3, m)) setPair(g, 3, m, ROLE.line);
      set(g, 4, m, ROLE.line);
      break;
    case "open":
      set(g, 4, m, ROLE.line);
      if (body(4, m + 1)) set(g, 4, m + 1, ROLE.accent2);
      break;
    case "fangs":
      set(g, 4, m, ROLE.line);
      if (body(3, m)) setPair(g, 3, m, ROLE.eye);
      break;
    case "beak":
      set(g, 4, m, ROLE.accent);
      break;
    case "none":
      break;
  }
}
