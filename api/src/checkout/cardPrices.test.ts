import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CARD_PRICE_CENTS, cardTotalCents } from "./cardPrices.ts";

describe("card prices", () => {
  it("are the spec's amounts in cents, fee included", () => {
    assert.deepEqual(CARD_PRICE_CENTS, { Common: 3500, Rare: 10500, Artist: 45500 });
  });

  it("add up per Pix, whole cents", () => {
    assert.equal(cardTotalCents([]), 0);
    assert.equal(cardTotalCents(["Common", "Rare", "Artist", "Common"]), 3500 + 10500 + 45500 + 3500);
    assert.ok(Number.isInteger(cardTotalCents(["Rare", "Rare"])));
  });
});
