import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ARTIST_DEFAULT_TEXT, pixDescription } from "./pixDescription.ts";

const pix = (overrides: Partial<Parameters<typeof pixDescription>[0]>) => ({
  rarity: "Artist" as const,
  description: "Generated line.",
  customDescription: null,
  descriptionByArtist: false,
  ...overrides,
});

describe("the words under a Pix", () => {
  it("are the artist's own for a piece they submitted, the spec's default text otherwise", () => {
    assert.equal(pixDescription(pix({ description: "My cat at dawn.", descriptionByArtist: true })), "My cat at dawn.");
    assert.equal(pixDescription(pix({})), ARTIST_DEFAULT_TEXT);
    assert.equal(pixDescription(pix({ description: "  ", descriptionByArtist: true })), ARTIST_DEFAULT_TEXT);
  });

  it("are a custom description first, and the catalogue's for other tiers", () => {
    assert.equal(pixDescription(pix({ customDescription: "Admin's words", descriptionByArtist: true, description: "x" })), "Admin's words");
    assert.equal(pixDescription(pix({ rarity: "Common" })), "Generated line.");
  });
});
