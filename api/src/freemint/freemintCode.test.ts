import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FREEMINT_CODE_PATTERN } from "@pixlings/shared/http/checkout";
import { newFreemintCode, normalizeFreemintCode } from "./freemintCode.ts";

describe("freemint codes", () => {
  it("are PIXLINGS- and 8 characters without look-alikes, and differ", () => {
    const codes = Array.from({ length: 2000 }, newFreemintCode);
    for (const code of codes) {
      assert.match(code, FREEMINT_CODE_PATTERN);
      assert.doesNotMatch(code.slice("PIXLINGS-".length), /[01ILO]/);
    }
    assert.equal(new Set(codes).size, codes.length);
  });

  it("uses every character of the alphabet (no bias toward a few)", () => {
    const seen = new Set(Array.from({ length: 500 }, newFreemintCode).flatMap((code) => [...code.slice(9)]));
    assert.equal(seen.size, 31);
  });

  it("reads a typed code the way it is stored", () => {
    assert.equal(normalizeFreemintCode("  pixlings-abcd2345 "), "PIXLINGS-ABCD2345");
    assert.doesNotMatch("PIXLINGS-ABCD1234", FREEMINT_CODE_PATTERN);
  });
});
