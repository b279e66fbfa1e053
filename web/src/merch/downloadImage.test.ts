import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mockupFileName } from "./downloadImage.ts";

describe("a mockup's file name", () => {
  it("names the Pix, the product and the view, with the image's own extension", () => {
    assert.equal(
      mockupFileName(42, "White Glossy Mug", "Print file: Close-up", "http://127.0.0.1:3003/files/mockups/gt-1/a.jpg?x=1"),
      "pixlings-42-white-glossy-mug-print-file-close-up.jpg",
    );
    assert.equal(mockupFileName(7, "Tote Bag", "Front", "https://files.cdn.printful.com/m/abc"), "pixlings-7-tote-bag-front.png");
    assert.equal(mockupFileName(7, "Tote", "A", "/x.JPEG"), "pixlings-7-tote-a.jpg");
  });
});
