import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../api/apiClient.ts";
import { loadErrorMessage } from "./loadErrorMessage.ts";

const answer = (status: number, body: string) => new ApiError(status, "Status", body);

describe("loadErrorMessage", () => {
  it("shows the API's own message for 4xx and 503", () => {
    assert.equal(loadErrorMessage(answer(503, JSON.stringify({ message: "The indexer is catching up" }))), "The indexer is catching up");
    assert.equal(loadErrorMessage(answer(404, JSON.stringify({ message: "No such Pix" }))), "No such Pix");
  });

  it("never shows a body it cannot trust as a message: HTML, a 5xx's detail, no body", () => {
    assert.equal(loadErrorMessage(answer(500, "<!doctype html><pre>TypeError at db.ts:12</pre>")), "The server answered 500. Please try again.");
    assert.equal(loadErrorMessage(answer(502, JSON.stringify({ message: "upstream detail" }))), "The server answered 502. Please try again.");
    assert.equal(loadErrorMessage(answer(504, "")), "The server answered 504. Please try again.");
  });

  it("says the server could not be reached when fetch got no answer, in each browser's words", () => {
    for (const text of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      assert.match(loadErrorMessage(new TypeError(text)), /Could not reach the server/, text);
    }
  });

  it("keeps any other error's own message (a bug is not a network failure)", () => {
    assert.equal(loadErrorMessage(new TypeError("Cannot read properties of undefined")), "Cannot read properties of undefined");
    assert.equal(loadErrorMessage(new Error("Wallet not connected")), "Wallet not connected");
  });
});
