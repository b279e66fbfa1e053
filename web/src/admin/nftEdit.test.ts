import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AdminNft } from "@pixlings/shared/http/admin";
import { checkNftEdit, draftOfNft } from "./nftEdit.ts";

const common = { tokenId: 500, rarity: "Common", customName: null, customDescription: null, artistId: null } as AdminNft;
const artistPiece = { ...common, tokenId: 1, rarity: "Artist", artistId: 3 } as AdminNft;

describe("the edit NFT form", () => {
  it("starts from the Pix's off-chain fields", () => {
    assert.deepEqual(draftOfNft(artistPiece), { customName: "", customDescription: "", artistId: "3" });
  });

  it("sends names and descriptions trimmed, blank as null, never tier or price", () => {
    assert.deepEqual(checkNftEdit(common, { customName: " Sunny ", customDescription: "  ", artistId: "3" }), {
      ok: true,
      request: { customName: "Sunny", customDescription: null },
    });
  });

  it("sends the artist only for an Artist-tier Pix, '' clearing it", () => {
    assert.deepEqual(checkNftEdit(artistPiece, { customName: "", customDescription: "", artistId: "7" }), {
      ok: true,
      request: { customName: null, customDescription: null, artistId: 7 },
    });
    const cleared = checkNftEdit(artistPiece, { customName: "", customDescription: "", artistId: "" });
    assert.ok(cleared.ok && cleared.request.artistId === null);
  });

  it("keeps the limits of names (50) and descriptions (500)", () => {
    assert.deepEqual(checkNftEdit(common, { customName: "n".repeat(51), customDescription: "", artistId: "" }), {
      ok: false,
      error: "The name can have at most 50 characters.",
    });
    assert.equal(checkNftEdit(common, { customName: "", customDescription: "d".repeat(501), artistId: "" }).ok, false);
  });
});
