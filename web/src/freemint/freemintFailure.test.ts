import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../api/apiClient.ts";
import { freemintCheckMessage, redeemFailure } from "./freemintFailure.ts";

const answer = (status: number, body: object | string) => new ApiError(status, "", typeof body === "string" ? body : JSON.stringify(body));

describe("freemint messages", () => {
  it("shows the server's reason a code grants nothing", () => {
    for (const message of ["This code has already been used", "This code expired on 2030-01-01", "This card is not active", "No card has this code"]) {
      assert.equal(freemintCheckMessage(answer(message.startsWith("No") ? 404 : 410, { message })), message);
    }
    assert.equal(freemintCheckMessage(answer(404, "")), "This code does not exist. Check it and try again.");
  });

  it("asks a guesser to slow down", () => {
    assert.equal(
      freemintCheckMessage(answer(429, { message: "Too many requests", retryAfter: 42 })),
      "Too many codes tried: please wait 42 s before trying again.",
    );
    assert.equal(freemintCheckMessage(answer(429, "")), "Too many codes tried: please wait a minute before trying again.");
    assert.equal(redeemFailure(answer(429, { message: "slow", retryAfter: 5 })).message, "Too many codes tried: please wait 5 s before trying again.");
  });

  it("names the chosen Pix that were taken meanwhile", () => {
    const reserved = redeemFailure(answer(409, { message: "held", code: "reserved", tokenIds: [12, 13] }));
    assert.deepEqual(reserved.taken, [12, 13]);
    assert.match(reserved.message, /^Pix #12, Pix #13 is reserved by another buyer/);
    assert.deepEqual(redeemFailure(answer(409, { message: "minted", code: "minted", tokenIds: [7], chainId: 1 })), { message: "minted", taken: [7] });
    assert.deepEqual(redeemFailure(answer(400, { message: "Choose Common Pix only" })), { message: "Choose Common Pix only", taken: [] });
    assert.deepEqual(redeemFailure(new TypeError("Failed to fetch")), { message: "Failed to redeem your card. Please try again.", taken: [] });
  });
});
