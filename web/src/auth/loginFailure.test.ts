import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LOGIN_FAILURES } from "@pixlings/shared/http/auth";
import { loginFailureOf } from "./loginFailure.ts";

describe("the login-failed page's words", () => {
  it("shows the shop's sentence for each failure it knows", () => {
    for (const [code, message] of Object.entries(LOGIN_FAILURES)) assert.deepEqual(loginFailureOf(code), { code, message });
  });

  it("shows no one else's words: an unknown or forged error reads as a failed sign-in", () => {
    for (const error of [null, "", "invalid_response", "toString", "__proto__", "<script>alert(1)</script>", "Call +1 555 0100 to unlock your account"]) {
      assert.deepEqual(loginFailureOf(error), { code: "unknown", message: LOGIN_FAILURES.sign_in_failed }, String(error));
    }
  });
});
