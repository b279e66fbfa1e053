import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { renderShareCard, SHARE_CARD } from "./shareCard.ts";

const ART = { palette: [0x101820, 0xf2aa4c, 0x53d8fb], pixels: Uint8Array.from({ length: 81 }, (_, i) => (i * 5 + (i >> 2)) % 3) };

/** The colour at (x, y) of a decoded card. */
const colourAt = (card: ReturnType<typeof decodeIndexedPng>, x: number, y: number): number => card.palette[card.indices[y * card.width + x]!]!;

describe("a Pix's share card", () => {
  it("is a 1200x630 PNG with the 81 cells of the art, large, on the left", () => {
    const card = decodeIndexedPng(renderShareCard({ tokenId: 42, name: "Rosewater Quasar", tier: "Rare", art: ART }));
    assert.deepEqual([card.width, card.height], [SHARE_CARD.width, SHARE_CARD.height]);
    // 56 px cells from (63, 63): each cell's centre shows its palette colour.
    for (let cell = 0; cell < 81; cell++) {
      const [x, y] = [63 + (cell % 9) * 56 + 28, 63 + Math.floor(cell / 9) * 56 + 28];
      assert.equal(colourAt(card, x, y), ART.palette[ART.pixels[cell]!], `cell ${cell}`);
    }
    const background = colourAt(card, 0, 0);
    assert.equal(colourAt(card, 1199, 629), background);
    // The name, tier and number are drawn on the right: ink there that is neither art nor background.
    const right = new Set<number>();
    for (let y = 0; y < 630; y += 2) for (let x = 630; x < 1200; x += 2) right.add(colourAt(card, x, y));
    assert.ok(right.size >= 4, `text colours on the right: ${[...right].map((c) => c.toString(16))}`);
  });

  it("shows a name of any length within the card, and draws what the font lacks as boxes", () => {
    const long = "A name as long as a custom name may be, fifty chars";
    for (const name of [
      "Ó",
      long,
      "猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫猫",
      "Supercalifragilisticexpialidocious-and-then-some-more-letters",
    ]) {
      const card = decodeIndexedPng(renderShareCard({ tokenId: 9999, name, tier: "Artist", art: ART }));
      assert.deepEqual([card.width, card.height], [1200, 630], name);
      // Nothing drawn in the right margin.
      const background = colourAt(card, 0, 0);
      for (let y = 0; y < 630; y++) for (let x = 1200 - 60; x < 1200; x++) assert.equal(colourAt(card, x, y), background, `${name}: ink at ${x},${y}`);
    }
  });
});
