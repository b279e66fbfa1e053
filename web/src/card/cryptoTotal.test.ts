import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cryptoTotal } from "./cryptoTotal.ts";

describe("the crypto price next to the card price", () => {
  it("sums the quotes exactly, in their coin, with the USD sum once every quote has one", () => {
    assert.deepEqual(
      cryptoTotal(
        [
          { amount: "0.01", coin: "ETH", usd: 24 },
          { amount: "0.3", coin: "ETH", usd: 720.5 },
        ],
        "POL",
      ),
      { amount: "0.31", coin: "ETH", usd: 744.5 },
    );
    assert.equal(
      cryptoTotal(
        [
          { amount: "31", coin: "POL", usd: 7.75 },
          { amount: "31", coin: "POL", usd: undefined },
        ],
        "POL",
      ).usd,
      undefined,
      "no USD while a price is unknown",
    );
    assert.deepEqual(cryptoTotal([], "POL"), { amount: "0", coin: "POL", usd: undefined });
  });
});
