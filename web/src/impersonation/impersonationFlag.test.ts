import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { clearImpersonationFlag, readImpersonationFlag, writeImpersonationFlag } from "./impersonationFlag.ts";

describe("the impersonation flag in session storage", () => {
  beforeEach(() => sessionStorage.clear());

  it("keeps the artist and the admin-mode flag, and clears them", () => {
    assert.equal(readImpersonationFlag(), null);
    writeImpersonationFlag({ id: 4, name: "Ari Artist" });
    assert.equal(sessionStorage.getItem("pixlings_admin_impersonation"), '{"artistId":4,"artistName":"Ari Artist","adminMode":true}');
    assert.deepEqual(readImpersonationFlag(), { artistId: 4, artistName: "Ari Artist", adminMode: true });
    clearImpersonationFlag();
    assert.equal(readImpersonationFlag(), null);
  });

  it("reads anything else as no flag", () => {
    for (const junk of ["{", "null", '{"artistId":"4","artistName":"x","adminMode":true}', '{"artistId":4,"artistName":"x","adminMode":false}']) {
      sessionStorage.setItem("pixlings_admin_impersonation", junk);
      assert.equal(readImpersonationFlag(), null, junk);
    }
  });
});
