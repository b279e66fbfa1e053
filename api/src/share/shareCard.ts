import type { Art } from "@pixlings/shared/art/codec";
import { COLLECTION } from "@pixlings/shared/collection";
import { encodeIndexedPng } from "@pixlings/shared/node/png";
import type { TierName } from "@pixlings/shared/tiers";
import { CAP_ROWS, DESCENT_ROWS, fontText, plotText, textCells } from "./pixelFont.ts";

/** The size link previews use (Open Graph, Twitter's large summary card). */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** What a share card shows. */
export interface ShareCardContent {
  tokenId: number;
  name: string;
  tier: TierName;
  art: Art;
}

const BACKGROUND = 0x16142a;
const FRAME = 0x2d2a48;
const INK = 0xf8f5ec;
const MUTED = 0xc9c6dd;
const BRAND = 0xc89ce7;
const TIER_INK: Record<TierName, number> = { Common: 0xaaaec2, Rare: 0x9ad2f5, Artist: 0xf6a7cb };

const MARGIN = 63;
/** The art fills the card's height but for the margins: 56 px a cell. */
const CELL = Math.floor((SHARE_CARD.height - 2 * MARGIN) / COLLECTION.gridSize);
const FRAME_WIDTH = 6;
const TEXT_LEFT = MARGIN + CELL * COLLECTION.gridSize + 2 * MARGIN;
const TEXT_WIDTH = SHARE_CARD.width - TEXT_LEFT - MARGIN;
/** Largest first: the name takes the largest scale at which it fits in three lines. */
const NAME_SCALES = [8, 7, 6, 5, 4, 3] as const;
const SMALLEST_NAME_SCALE = 3;
const NAME_LINES = 3;

/** `words` in lines no wider than `cells`; a word too long for a line is cut where the line ends. */
function wrap(text: string, cells: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (textCells(joined) <= cells) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const char of word) {
      if (line && textCells(line + char) > cells) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The name in lines at the largest scale where it fits; at the smallest, what does not fit ends with "...". */
function nameLayout(name: string): { lines: string[]; scale: number } {
  for (const scale of NAME_SCALES) {
    const lines = wrap(name, Math.floor(TEXT_WIDTH / scale));
    if (lines.length <= NAME_LINES) return { lines, scale };
  }
  const scale = SMALLEST_NAME_SCALE;
  const lines = wrap(name, Math.floor(TEXT_WIDTH / scale)).slice(0, NAME_LINES);
  lines[NAME_LINES - 1] = `${lines[NAME_LINES - 1]!.slice(0, -3)}...`;
  return { lines, scale };
}

/**
 * The Pix's share card (1200x630, the link-preview size): its 81 cells large on the left, its
 * name, tier and number on the right in the pixel font, as an indexed-colour PNG.
 */
export function renderShareCard({ tokenId, name, tier, art }: ShareCardContent): Buffer {
  const { width, height } = SHARE_CARD;
  const palette = [BACKGROUND, FRAME, INK, MUTED, BRAND, TIER_INK[tier], ...art.palette];
  const artIndex = 6;
  const indices = new Uint8Array(width * height);
  const fill = (left: number, top: number, w: number, h: number, index: number): void => {
    for (let y = Math.max(0, top); y < Math.min(height, top + h); y++)
      indices.fill(index, y * width + Math.max(0, left), y * width + Math.min(width, left + w));
  };
  const write = (text: string, left: number, top: number, scale: number, index: number): void =>
    plotText(fontText(text), (x, y) => fill(left + x * scale, top + y * scale, scale, scale, index));

  const n = COLLECTION.gridSize;
  fill(MARGIN - FRAME_WIDTH, MARGIN - FRAME_WIDTH, CELL * n + 2 * FRAME_WIDTH, CELL * n + 2 * FRAME_WIDTH, 1);
  for (let cell = 0; cell < n * n; cell++) {
    fill(MARGIN + (cell % n) * CELL, MARGIN + Math.floor(cell / n) * CELL, CELL, CELL, artIndex + art.pixels[cell]!);
  }

  let top = MARGIN + 8;
  write(COLLECTION.name.toUpperCase(), TEXT_LEFT, top, 4, 4);
  top += (CAP_ROWS + 6) * 4;
  const { lines, scale } = nameLayout(fontText(name));
  for (const line of lines) {
    write(line, TEXT_LEFT, top, scale, 2);
    top += (CAP_ROWS + DESCENT_ROWS + 2) * scale;
  }
  top += 16;
  write(`${tier} ${COLLECTION.itemName}`, TEXT_LEFT, top, 5, 5);
  write(`#${tokenId}`, TEXT_LEFT + (textCells(`${tier} ${COLLECTION.itemName}`) + 4) * 5, top, 5, 3);
  write(`9x9 pixel art, on-chain`, TEXT_LEFT, height - MARGIN - CAP_ROWS * 3, 3, 3);
  return encodeIndexedPng({ width, height, palette, indices });
}
