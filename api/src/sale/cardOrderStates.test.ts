import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CARD_ORDER_STATES } from "@pixlings/shared/http/checkout";
import { NEXT_STATES, statesBefore } from "./cardOrderStates.ts";

describe("card order states", () => {
  it("name every state of the table's enum, and only moves between them", () => {
    assert.deepEqual(Object.keys(NEXT_STATES).sort(), [...CARD_ORDER_STATES].sort());
    for (const next of Object.values(NEXT_STATES)) for (const to of next) assert.ok(CARD_ORDER_STATES.includes(to));
  });

  it("end for good at minted or refunded; a failed or expired order can only be refunded", () => {
    for (const end of ["minted", "refunded"] as const) assert.deepEqual(NEXT_STATES[end], []);
    for (const lost of ["failed", "expired"] as const) assert.deepEqual(NEXT_STATES[lost], ["refunded"]);
  });

  it("pay only a created order; refund only what was not minted", () => {
    assert.deepEqual(statesBefore("paid"), ["created", "minting"]);
    assert.deepEqual(statesBefore("refunded"), ["created", "paid", "minting", "failed", "expired"]);
    assert.deepEqual(statesBefore("created"), []);
  });
});
