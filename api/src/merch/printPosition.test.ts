import assert from "node:assert/strict";
import { it } from "node:test";
import { pixPosition } from "./printPosition.ts";

it("puts the Pix in a square of whole Pix pixels, centred across, high on a portrait area and centred on others", () => {
  const shirt = pixPosition({ width: 1800, height: 2400 });
  assert.deepEqual(shirt, { area_width: 1800, area_height: 2400, width: 1620, height: 1620, top: 156, left: 90 });
  const mug = pixPosition({ width: 2475, height: 1155 });
  assert.equal(mug.width % 9, 0);
  assert.equal(mug.width, mug.height);
  assert.equal(mug.left, Math.round((2475 - mug.width) / 2));
  assert.equal(mug.top, Math.round((1155 - mug.height) / 2));
  const tiny = pixPosition({ width: 5, height: 5 });
  assert.equal(tiny.width, 9, "never smaller than one print pixel per Pix pixel");
  for (const area of [
    { width: 1200, height: 1200 },
    { width: 900, height: 1800 },
    { width: 3600, height: 4800 },
  ]) {
    const p = pixPosition(area);
    assert.ok(p.left >= 0 && p.top >= 0 && p.left + p.width <= area.width && p.top + p.height <= area.height, JSON.stringify(p));
  }
});
