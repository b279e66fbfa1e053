import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { validateArt, type Art } from "@pixlings/shared/art/codec";
import { COLLECTION } from "@pixlings/shared/collection";
import { isTierAllowed, type TierCode } from "@pixlings/shared/tiers";
import { ART_DIR } from "../paths.ts";

/** The built art: pieces and tiers, both indexed by id - 1. */
export interface ArtSet {
  seed: string;
  art: Art[];
  tiers: TierCode[];
}

const ART_FILE = "art.json";
const FORMAT = "pixlings-art/1";

interface StoredPiece {
  id: number;
  tier: number;
  /** "#rrggbb" colours; index 0 is the most used. */
  palette: string[];
  /** 81 hex digits, one palette index per pixel, row-major. */
  pixels: string;
}

const toHex = (rgb: number): string => `#${rgb.toString(16).padStart(6, "0")}`;

/** art.json: one line per piece, e.g. {"id":1,"tier":3,"palette":["#f8f5ec",...],"pixels":"000..."}. */
export function serializeArt(set: ArtSet): string {
  const lines = set.art.map((art, i) => {
    const stored: StoredPiece = {
      id: i + 1,
      tier: set.tiers[i]!,
      palette: art.palette.map(toHex),
      pixels: Array.from(art.pixels, (p) => p.toString(16)).join(""),
    };
    return JSON.stringify(stored);
  });
  return `{"format":"${FORMAT}","seed":${JSON.stringify(set.seed)},"count":${lines.length},"pieces":[\n${lines.join(",\n")}\n]}\n`;
}

/**
 * A piece in art.json's form ("#rrggbb" palette, 81 hex digits of palette indices), validated;
 * errors start with `where`. Also the form `npm run admin -- replace-art` reads from a JSON file.
 */
export function parseStoredArt(piece: { palette?: unknown; pixels?: unknown }, where: string): Art {
  const { palette, pixels } = piece;
  if (!Array.isArray(palette)) throw new Error(`${where}: palette must be a list of "#rrggbb" colours`);
  if (typeof pixels !== "string" || !/^[0-9a-f]{81}$/i.test(pixels)) throw new Error(`${where}: pixels must be 81 hex digits`);
  const art: Art = {
    palette: palette.map((c: unknown) => {
      if (typeof c !== "string" || !/^#[0-9a-f]{6}$/i.test(c)) throw new Error(`${where}: colour ${JSON.stringify(c)} is not #rrggbb`);
      return parseInt(c.slice(1), 16);
    }),
    pixels: Uint8Array.from(pixels, (d) => parseInt(d, 16)),
  };
  try {
    validateArt(art);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  return art;
}

export function parseArt(text: string): ArtSet {
  const data = JSON.parse(text) as { format?: string; seed?: string; pieces?: StoredPiece[] };
  if (data.format !== FORMAT || !Array.isArray(data.pieces)) throw new Error(`not a ${FORMAT} file`);
  if (data.pieces.length !== COLLECTION.totalSupply) {
    throw new Error(`expected ${COLLECTION.totalSupply} pieces, found ${data.pieces.length}`);
  }
  const set: ArtSet = { seed: String(data.seed ?? ""), art: [], tiers: [] };
  data.pieces.forEach((p, i) => {
    if (p.id !== i + 1) throw new Error(`piece ${i} has id ${p.id}, expected ${i + 1}`);
    if (!isTierAllowed(p.id, p.tier)) throw new Error(`piece ${p.id} has tier ${p.tier}, not allowed for its id`);
    set.art.push(parseStoredArt(p, `piece ${p.id}`));
    set.tiers.push(p.tier as TierCode);
  });
  return set;
}

export async function writeArtFile(dir: string, set: ArtSet): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, ART_FILE);
  await writeFile(file, serializeArt(set));
  return file;
}

/** Loads the art built by scripts/art/build.ts (default: .pixlings/art at the repo root). */
export async function loadArt(dir: string = ART_DIR): Promise<ArtSet> {
  return parseArt(await readFile(path.join(dir, ART_FILE), "utf8"));
}
