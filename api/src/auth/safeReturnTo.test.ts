import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { safeReturnTo } from "./safeReturnTo.ts";

describe("safeReturnTo", () => {
  it("keeps paths of this site, with their query and hash", () => {
    for (const path of ["/", "/my-pixlings", "/owned-pix/7?tab=story#top", "/mint/12?from=%2Fbrowse"]) assert.equal(safeReturnTo(path), path);
  });

  it("sends everything else to /", () => {
    for (const value of [
      undefined,
      42,
      ["/x"],
      "",
      "my-pixlings",
      "https://evil.test/",
      "//evil.test/x",
      "/\\evil.test",
      "/\\/evil.test",
      "/\t/evil.test",
      "/\n/evil.test",
      "/%0a",
      "/x\u0000",
      "/x\\y",
      "javascript:alert(1)",
      `/${"a".repeat(3000)}`,
    ]) {
      const expected = value === "/%0a" ? "/%0a" : "/";
      assert.equal(safeReturnTo(value), expected, JSON.stringify(value));
    }
  });
});
