import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkRejectReason, QUICK_REJECT_REASONS } from "./rejectReason.ts";
import { checkTargetTokenId } from "./targetTokenId.ts";

describe("approve: the target token id", () => {
  it("accepts whole numbers 1..9999, trimmed", () => {
    assert.deepEqual(checkTargetTokenId("1"), { ok: true, tokenId: 1 });
    assert.deepEqual(checkTargetTokenId(" 9999 "), { ok: true, tokenId: 9999 });
    assert.deepEqual(checkTargetTokenId("0042"), { ok: true, tokenId: 42 });
  });

  it("empty is Missing Information", () => {
    for (const empty of ["", "   "]) {
      assert.deepEqual(checkTargetTokenId(empty), { ok: false, empty: true, title: "Missing Information", description: "Please provide a target token ID." });
    }
  });

  it("anything else is Invalid token ID", () => {
    for (const bad of ["0", "10000", "-1", "1.5", "1e3", "0x10", "abc", "12a", "99999", "123456"]) {
      const check = checkTargetTokenId(bad);
      assert.equal(check.ok, false, bad);
      assert.equal(!check.ok && check.description, "Invalid token ID. Must be between 1 and 9999", bad);
    }
  });
});

describe("reject: the reason", () => {
  it("is required and not blank", () => {
    assert.deepEqual(checkRejectReason(""), { ok: false, error: "Please provide a reason for rejection" });
    assert.deepEqual(checkRejectReason(" \n\t "), { ok: false, error: "Please provide a reason for rejection" });
    assert.deepEqual(checkRejectReason("  Too blurry \n"), { ok: true, reason: "Too blurry" });
  });

  it("offers the spec's five quick reasons, each a valid reason", () => {
    assert.deepEqual(QUICK_REJECT_REASONS, [
      "Image quality too low",
      "Not suitable for collection style",
      "Colors exceed pixel art standards",
      "Missing artistic elements",
      "Technical issues with submission",
    ]);
    for (const reason of QUICK_REJECT_REASONS) assert.equal(checkRejectReason(reason).ok, true);
  });
});
