import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { merchConnectSrc } from "./merchCsp.ts";

describe("the CSP's connect-src for mockup downloads", () => {
  it("adds Printful's image origins to the card's sources, or to 'self'", () => {
    const merch = { imageOrigins: ["https://files.cdn.printful.com"] };
    assert.deepEqual(merchConnectSrc({}, merch), { connectSrc: ["'self'", "https://files.cdn.printful.com"] });
    assert.deepEqual(merchConnectSrc({ connectSrc: ["'self'", "https://api.stripe.com"] }, merch), {
      connectSrc: ["'self'", "https://api.stripe.com", "https://files.cdn.printful.com"],
    });
  });

  it("changes nothing without merch", () => {
    assert.deepEqual(merchConnectSrc({ connectSrc: ["'self'"] }, undefined), {});
  });
});
