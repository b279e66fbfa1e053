import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkArtistEdit, checkNewArtist, EMPTY_ARTIST } from "./artistForm.ts";

const filled = { ...EMPTY_ARTIST, name: " Ari Artist ", email: " ari@pixlings.test " };

describe("the artist forms", () => {
  it("add: name and email are required", () => {
    assert.deepEqual(checkNewArtist(EMPTY_ARTIST), { ok: false, error: "Name and email are required" });
    assert.deepEqual(checkNewArtist({ ...filled, email: "  " }), { ok: false, error: "Name and email are required" });
    assert.deepEqual(checkNewArtist({ ...filled, name: "" }), { ok: false, error: "Name and email are required" });
    assert.deepEqual(checkNewArtist(filled), {
      ok: true,
      request: { name: "Ari Artist", email: "ari@pixlings.test", bio: null, website: null, isApproved: true, isVerified: false },
    });
  });

  it("edit: the name is required", () => {
    assert.deepEqual(checkArtistEdit({ ...filled, name: "  " }), { ok: false, error: "Artist name is required" });
    assert.deepEqual(checkArtistEdit({ ...filled, email: "", bio: " Paints ", isVerified: true }), {
      ok: true,
      request: { name: "Ari Artist", bio: "Paints", website: null, isApproved: true, isVerified: true },
    });
  });

  it("refuses a malformed email and a website that is not http(s)", () => {
    assert.deepEqual(checkNewArtist({ ...filled, email: "ari" }), { ok: false, error: "Please enter a valid email address" });
    for (const website of ["javascript:alert(1)", "example.com", "ftp://example.com"]) {
      assert.equal(checkNewArtist({ ...filled, website }).ok, false, website);
    }
    const ok = checkNewArtist({ ...filled, website: "https://ari.example/" });
    assert.ok(ok.ok && ok.request.website === "https://ari.example/");
  });
});
