import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { normalizeFreemintCode } from "@pixlings/shared/freemintCode";
import { FREEMINT_CODE_ALPHABET, FREEMINT_CODE_PATTERN } from "@pixlings/shared/http/checkout";
import { newFreemintCode } from "./freemintCode.ts";

describe("freemint codes", () => {
  it("are PIXLINGS- and 4 groups of 4 characters without look-alikes (at least 60 bits), and differ", () => {
    const codes = Array.from({ length: 2000 }, newFreemintCode);
    for (const code of codes) {
      assert.match(code, FREEMINT_CODE_PATTERN);
      assert.match(code, /^PIXLINGS-[^-]{4}-[^-]{4}-[^-]{4}-[^-]{4}$/);
      assert.doesNotMatch(code.slice("PIXLINGS-".length), /[01ILO]/);
    }
    assert.ok(16 * Math.log2(FREEMINT_CODE_ALPHABET.length) >= 60);
    assert.equal(new Set(codes).size, codes.length);
  });

  it("uses every character of the alphabet (no bias toward a few)", () => {
    const seen = new Set(Array.from({ length: 500 }, newFreemintCode).flatMap((code) => [...code.slice(9).replaceAll("-", "")]));
    assert.equal(seen.size, 31);
  });

  it("reads a typed code the way it is stored: new codes, and old 8-character ones", () => {
    assert.equal(normalizeFreemintCode("  pixlings-abcd-efgh-jkmn-pqrs "), "PIXLINGS-ABCD-EFGH-JKMN-PQRS");
    assert.equal(normalizeFreemintCode("abcd efgh jkmn pqrs"), "PIXLINGS-ABCD-EFGH-JKMN-PQRS");
    assert.equal(normalizeFreemintCode("PIXLINGSABCDEFGHJKMNPQRS"), "PIXLINGS-ABCD-EFGH-JKMN-PQRS");
    assert.equal(normalizeFreemintCode("  pixlings-abcd2345 "), "PIXLINGS-ABCD2345");
    assert.equal(normalizeFreemintCode("abcd-2345"), "PIXLINGS-ABCD2345");
    for (const bad of [
      "",
      "PIXLINGS-",
      "PIXLINGS-ABCD1234",
      "PIXLINGS-ABCD-EFGH-JKMN-PQR",
      "PIXLINGS-ABCD-EFGH-JKMN-PQRST",
      "ABCD2345X",
      "PIXLINGS-ABCD234%",
    ]) {
      assert.equal(normalizeFreemintCode(bad), undefined, bad);
    }
    assert.doesNotMatch("PIXLINGS-ABCD1234", FREEMINT_CODE_PATTERN);
    assert.doesNotMatch("PIXLINGS-ABCD-EFGH-JKMN", FREEMINT_CODE_PATTERN);
  });
});
