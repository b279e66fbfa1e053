import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../api/apiClient.ts";
import { deleteRefusal, exportFileName } from "./accountData.ts";

describe("account data in the page", () => {
  it("saves the export under the server's file name, else a dated one of its own", () => {
    assert.equal(exportFileName('attachment; filename="pixlings-account-2026-03-01.json"'), "pixlings-account-2026-03-01.json");
    const now = new Date("2026-03-02T10:00:00Z");
    for (const header of [null, "attachment", 'attachment; filename="../../evil.sh"', "inline"]) {
      assert.equal(exportFileName(header, now), "account-2026-03-02.json", String(header));
    }
  });

  it("lists the server's reasons when deleting is refused", () => {
    const reasons = ["Pix #31 are held for you in custody: move them to your wallet first"];
    const refused = new ApiError(409, "Conflict", JSON.stringify({ code: "account_in_use", reasons, message: "Your account cannot be deleted yet." }));
    assert.deepEqual(deleteRefusal(refused), { message: "Your account cannot be deleted yet:", reasons });
    assert.deepEqual(deleteRefusal(new ApiError(503, "Service Unavailable", '{"message":"The indexer is not available"}')), {
      message: "The indexer is not available",
      reasons: [],
    });
    assert.deepEqual(deleteRefusal(new TypeError("Failed to fetch")), { message: "Failed to delete your account. Please try again.", reasons: [] });
  });
});
