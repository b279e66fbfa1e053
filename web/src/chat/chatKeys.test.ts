import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chatKeyAction } from "./chatKeys.ts";

describe("chat keys", () => {
  it("Enter sends, Shift+Enter is a new line, other keys type", () => {
    assert.equal(chatKeyAction({ key: "Enter", shiftKey: false, isComposing: false }), "send");
    assert.equal(chatKeyAction({ key: "Enter", shiftKey: true, isComposing: false }), "newline");
    assert.equal(chatKeyAction({ key: "a", shiftKey: false, isComposing: false }), "type");
  });

  it("Enter confirming an input method's composition does not send", () => {
    assert.equal(chatKeyAction({ key: "Enter", shiftKey: false, isComposing: true }), "type");
  });
});
