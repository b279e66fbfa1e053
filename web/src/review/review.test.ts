import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { QUICK_REJECTION_REASONS } from "@pixlings/shared/http/admin";
import { checkRejectReason } from "./rejectReason.ts";
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
    assert.deepEqual(checkRejectReason("  Too blurry \n"), { ok: true, request: { adminNotes: "Too blurry" } });
  });

  it("takes each of the contract's quick reasons as a reason", () => {
    for (const reason of QUICK_REJECTION_REASONS) assert.equal(checkRejectReason(reason).ok, true);
  });
});
