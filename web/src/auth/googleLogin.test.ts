import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { googleLoginUrl, pathOf, safeReturnTo } from "./googleLogin.ts";

describe("safeReturnTo", () => {
  it("keeps same-origin paths with their query and hash", () => {
    assert.equal(safeReturnTo("/my-pixlings"), "/my-pixlings");
    assert.equal(safeReturnTo("/browse?filter=artist#top"), "/browse?filter=artist#top");
    assert.equal(safeReturnTo("/"), "/");
  });

  it("refuses anything that leaves the site", () => {
    for (const bad of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "evil.example", "javascript:alert(1)", " /browse", "/\t/evil.example"]) {
      assert.equal(safeReturnTo(bad), "/", bad);
    }
  });

  it("refuses empty values and the sign-in pages themselves (no loops)", () => {
    assert.equal(safeReturnTo(undefined), "/");
    assert.equal(safeReturnTo(null), "/");
    assert.equal(safeReturnTo(""), "/");
    assert.equal(safeReturnTo("/login"), "/");
    assert.equal(safeReturnTo("/login/"), "/");
    assert.equal(safeReturnTo("/login-failed?error=access_denied"), "/");
    assert.equal(safeReturnTo("/login-history"), "/login-history");
  });
});

describe("googleLoginUrl", () => {
  it("encodes the return path as one query value", () => {
    assert.equal(googleLoginUrl("/browse?filter=artist&page=2"), "/api/auth/google?returnTo=%2Fbrowse%3Ffilter%3Dartist%26page%3D2");
    assert.equal(new URL(googleLoginUrl("/mint/5#x"), "http://h").searchParams.get("returnTo"), "/mint/5#x");
  });

  it("falls back to home for a foreign target", () => {
    assert.equal(googleLoginUrl("https://evil.example"), "/api/auth/google?returnTo=%2F");
  });

  it("builds the return path from a router location", () => {
    assert.equal(pathOf({ pathname: "/owned-pix/7", search: "?tab=story", hash: "" }), "/owned-pix/7?tab=story");
  });
});
