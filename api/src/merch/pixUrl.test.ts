import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pixTokenIdOf, pixUrlForPrintful } from "./pixUrl.ts";

const SITE = ["https://pixlings.example", "http://127.0.0.1:3001"];

describe("pixUrl", () => {
  it("reads the token id of this site's image of a Pix, relative or on the site's own origins, any query ignored", () => {
    assert.equal(pixTokenIdOf("/pixlings/pix_42.png", SITE), 42);
    assert.equal(pixTokenIdOf("/pixlings/pix_9999.png?t=1732400000000", SITE), 9999);
    assert.equal(pixTokenIdOf("https://pixlings.example/pixlings/pix_1.png?t=5#x", SITE), 1);
    assert.equal(pixTokenIdOf("http://127.0.0.1:3001/pixlings/pix_7.png", SITE), 7);
  });

  it("refuses every other URL with 400: other hosts, tricks that reach them, other paths, bad ids", () => {
    for (const url of [
      "https://evil.example/pixlings/pix_1.png",
      "//evil.example/pixlings/pix_1.png",
      "/\\evil.example/pixlings/pix_1.png",
      "https://pixlings.example.evil.example/pixlings/pix_1.png",
      "https://user:pass@pixlings.example/pixlings/pix_1.png",
      "http://pixlings.example/pixlings/pix_1.png",
      "http://relative.invalid/pixlings/pix_1.png",
      "file:///pixlings/pix_1.png",
      "javascript:alert(1)//pixlings/pix_1.png",
      "pixlings/pix_1.png",
      "/pixlings/pix_0.png",
      "/pixlings/pix_01.png",
      "/pixlings/pix_10000.png",
      "/pixlings/pix_1.png/../../admin",
      "/pixlings/pix_1.svg",
      "/pixlings/pix_%31.png",
      "/api/pixlings/pix_1.png",
      "",
      "http://[::1",
    ]) {
      assert.throws(
        () => pixTokenIdOf(url, SITE),
        (error: { status?: number; message?: string }) => error.status === 400 && /this site's image of a Pix/.test(error.message ?? ""),
        url,
      );
    }
  });

  it("builds the URL Printful downloads from the site's origin", () => {
    assert.equal(pixUrlForPrintful("https://pixlings.example", 42), "https://pixlings.example/pixlings/pix_42.png");
  });
});
