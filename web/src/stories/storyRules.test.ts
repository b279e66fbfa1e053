import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_NAME_MAX } from "@pixlings/shared/http/owners";
import { characterCount, checkStory, draftOf, hasStory, isArtistPix, storyStats } from "./storyRules.ts";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("story rules", () => {
  it("counts characters against the contract's limits", () => {
    assert.equal(characterCount("", CUSTOM_NAME_MAX), "0/50 characters");
    assert.equal(characterCount("Sunny", CUSTOM_NAME_MAX), "5/50 characters");
    assert.equal(characterCount("x".repeat(501), CUSTOM_DESCRIPTION_MAX), "501/500 characters");
  });

  it("accepts exactly the limits and refuses one more", () => {
    const atLimit = checkStory({ name: "n".repeat(CUSTOM_NAME_MAX), story: "s".repeat(CUSTOM_DESCRIPTION_MAX) }, null);
    assert.equal(atLimit.ok, true);
    const over = checkStory({ name: "n".repeat(CUSTOM_NAME_MAX + 1), story: "s".repeat(CUSTOM_DESCRIPTION_MAX + 1) }, null);
    assert.deepEqual(over, { ok: false, nameError: "The name can have at most 50 characters.", storyError: "The story can have at most 500 characters." });
    const storyOnly = checkStory({ name: "ok", story: "s".repeat(CUSTOM_DESCRIPTION_MAX + 1) }, null);
    assert.deepEqual(storyOnly, { ok: false, nameError: null, storyError: "The story can have at most 500 characters." });
  });

  it("trims, sends empty fields as null and names the owning wallet", () => {
    assert.deepEqual(checkStory({ name: "  Sunny  ", story: "   " }, WALLET), {
      ok: true,
      request: { customName: "Sunny", customDescription: null, walletAddress: WALLET },
    });
    assert.deepEqual(checkStory({ name: "", story: "" }, null), { ok: true, request: { customName: null, customDescription: null } });
  });

  it("counts whitespace the trim removes against nobody", () => {
    assert.equal(checkStory({ name: ` ${"n".repeat(CUSTOM_NAME_MAX)} `, story: "" }, null).ok, true);
  });

  it("passes markup through as text for the API to judge", () => {
    const check = checkStory({ name: "<b>hi</b>", story: "<script>alert(1)</script>" }, null);
    assert.deepEqual(check, { ok: true, request: { customName: "<b>hi</b>", customDescription: "<script>alert(1)</script>" } });
  });

  it("starts the form from the Pix's current text", () => {
    assert.deepEqual(draftOf({ customName: null, customDescription: null }), { name: "", story: "" });
    assert.deepEqual(draftOf({ customName: "Sunny", customDescription: "A tale" }), { name: "Sunny", story: "A tale" });
  });

  it("knows Artist Pix by flag or by tier", () => {
    assert.equal(isArtistPix({ isArtistPiece: true, rarity: "Artist" }), true);
    assert.equal(isArtistPix({ isArtistPiece: false, rarity: "Artist" }), true);
    assert.equal(isArtistPix({ isArtistPiece: false, rarity: "Rare" }), false);
  });

  it("summarises stories: blank text is no story", () => {
    assert.equal(hasStory({ customDescription: "  " }), false);
    assert.equal(hasStory({ customDescription: "A tale" }), true);
    assert.deepEqual(storyStats([]), { withStories: 0, percentComplete: 0 });
    assert.deepEqual(storyStats([{ customDescription: "a" }, { customDescription: null }, { customDescription: "b" }]), {
      withStories: 2,
      percentComplete: 67,
    });
  });
});
