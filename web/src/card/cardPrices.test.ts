import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cardPriceCents, cardTotalCents, formatCents } from "./cardPrices.ts";

const prices = { common: 3500, rare: 10500, artist: 45500 };

describe("card prices", () => {
  it("reads a tier's price in cents from the server's list", () => {
    assert.equal(cardPriceCents(prices, "Common"), 3500);
    assert.equal(cardPriceCents(prices, "Rare"), 10500);
    assert.equal(cardPriceCents(prices, "Artist"), 45500);
  });

  it("totals a cart in whole cents", () => {
    assert.equal(cardTotalCents(prices, ["Common", "Rare", "Artist"]), 59500);
    assert.equal(cardTotalCents(prices, ["Common", "Common"]), 7000);
    assert.equal(cardTotalCents(prices, []), 0);
    assert.equal(cardTotalCents({ common: 1, rare: 2, artist: 3 }, Array(10).fill("Common")), 10);
  });

  it("shows dollars with 2 decimals and thousands separators", () => {
    assert.equal(formatCents(3500), "$35.00");
    assert.equal(formatCents(59500), "$595.00");
    assert.equal(formatCents(10499), "$104.99");
    assert.equal(formatCents(1), "$0.01");
    assert.equal(formatCents(455000), "$4,550.00");
    assert.equal(formatCents(0), "$0.00");
  });
});
