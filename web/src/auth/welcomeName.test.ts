import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { welcomeName } from "./welcomeName.ts";

describe("welcomeName", () => {
  it("prefers the first name, then the email, then User", () => {
    assert.equal(welcomeName({ firstName: "Ada", email: "ada@pixlings.test" }), "Ada");
    assert.equal(welcomeName({ firstName: null, email: "ada@pixlings.test" }), "ada@pixlings.test");
    assert.equal(welcomeName({ firstName: null, email: null }), "User");
  });

  it("treats blank values as missing", () => {
    assert.equal(welcomeName({ firstName: "   ", email: "" }), "User");
    assert.equal(welcomeName({ firstName: "", email: " ada@pixlings.test " }), "ada@pixlings.test");
  });

  it("returns markup as plain text for React to escape", () => {
    assert.equal(welcomeName({ firstName: "<img src=x onerror=alert(1)>", email: null }), "<img src=x onerror=alert(1)>");
  });
});
