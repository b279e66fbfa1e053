import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cardTypeLabel, checkFreemintCode } from "./freemintCode.ts";

describe("a freemint code as typed", () => {
  it("accepts the code in any case, spacing and dashes, with or without its prefix", () => {
    const code = "PIXLINGS-ABCD-EFGH-JKMN-PQRS";
    assert.deepEqual(checkFreemintCode(code), { ok: true, code });
    assert.deepEqual(checkFreemintCode("  pixlings-abcd efgh-jkmn pqrs "), { ok: true, code });
    assert.deepEqual(checkFreemintCode("abcdefghjkmnpqrs"), { ok: true, code });
  });

  it("still reads the first cards' 8-character codes", () => {
    assert.deepEqual(checkFreemintCode("PIXLINGS-ABCD2345"), { ok: true, code: "PIXLINGS-ABCD2345" });
    assert.deepEqual(checkFreemintCode("  pixlings-abcd 2345 "), { ok: true, code: "PIXLINGS-ABCD2345" });
    assert.deepEqual(checkFreemintCode("abcd2345"), { ok: true, code: "PIXLINGS-ABCD2345" });
  });

  it("refuses what cannot be a code before asking the server", () => {
    assert.deepEqual(checkFreemintCode(""), { ok: false, message: "Enter the code printed on your freemint card." });
    for (const bad of [
      "PIXLINGS-ABCD234",
      "PIXLINGS-ABCD23456",
      "PIXLINGS-ABCD0345",
      "PIXLINGS-ABCDO345",
      "PIXLINGS-ABCD1345",
      "PIXLINGS-ABCDL345",
      "PIXLINGS-ABCD-EFGH-JKMN-PQR",
      "PIXLINGS-ABCD-EFGH-JKMN-PQRST",
      "OTHER-ABCD2345",
      "PIXLINGS_ABCD2345",
      "PIXLINGS-ABCD-234",
      "abcd0345",
    ]) {
      const check = checkFreemintCode(bad);
      assert.equal(check.ok, false, bad);
      assert.match(check.ok ? "" : check.message, /codes look like PIXLINGS-XXXX-XXXX-XXXX-XXXX/);
    }
  });

  it("names the card types", () => {
    assert.equal(cardTypeLabel("3pix"), "3-Pix card");
    assert.equal(cardTypeLabel("9pix"), "9-Pix card");
  });
});
