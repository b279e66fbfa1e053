import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { imageFallbacks } from "./imageFallbacks.ts";

describe("a broken Pix image's retry chain", () => {
  it("retries the versioned URL cache-busted, then the site's path, then the 9x9 size", () => {
    assert.deepEqual(imageFallbacks(42, "/pixlings/pix_42.png?v=3", "1700000000000"), [
      "/pixlings/pix_42.png?v=3&retry=1700000000000",
      "/pixlings/pix_42.png",
      "/pixlings/pix_42.png?size=9",
    ]);
  });

  it("never tries the URL that just failed again unchanged", () => {
    assert.deepEqual(imageFallbacks(7, "/pixlings/pix_7.png", "a"), ["/pixlings/pix_7.png?retry=a", "/pixlings/pix_7.png?size=9"]);
  });

  it("falls back from an image elsewhere to the site's own path", () => {
    assert.deepEqual(imageFallbacks(9, "https://cdn.example/pix/9.png#x", "b"), [
      "https://cdn.example/pix/9.png?retry=b#x",
      "/pixlings/pix_9.png",
      "/pixlings/pix_9.png?size=9",
    ]);
  });
});
