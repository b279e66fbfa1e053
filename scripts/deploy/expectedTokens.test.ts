import assert from "node:assert/strict";
import { test } from "node:test";
import { artToSvg, svgDataUri } from "@pixlings/shared/art/svg";
import { SYMMETRY_LABEL, symmetryOf } from "@pixlings/shared/art/symmetry";
import { expectedTokens, tokenUriProblem, type ExpectedToken } from "./expectedTokens.ts";
import { fixtureChunk, fixtureChunkWithBadPixels } from "@pixlings/test-kit/artFixtures";

function uriOf(json: unknown): string {
  return `data:application/json;base64,${Buffer.from(JSON.stringify(json)).toString("base64")}`;
}

function metadata(id: number, token: ExpectedToken) {
  return {
    name: `Pix #${id}`,
    description: "A Pixling.",
    image: svgDataUri(artToSvg(token.art)),
    attributes: [
      { trait_type: "Tier", value: token.tier === 3 ? "Artist" : "Common" },
      { trait_type: "Colors", value: new Set(token.art.pixels).size },
      { trait_type: "Symmetry", value: SYMMETRY_LABEL[symmetryOf(token.art.pixels)] },
    ],
  };
}

test("every id of a chunk gets its piece and tier; a piece that does not decode marks only its own id", () => {
  const good = expectedTokens([fixtureChunk(0)]);
  assert.equal(good.size, 249);
  assert.ok([...good.values()].every((token) => !(token instanceof Error)));

  const bad = expectedTokens([fixtureChunkWithBadPixels(1, [260, 499])]);
  assert.equal(bad.size, 250);
  const errors = [...bad].filter(([, token]) => token instanceof Error).map(([id]) => id);
  assert.deepEqual(errors, [260, 499]);
  assert.match((bad.get(260) as Error).message, /^the local art does not decode: pixel index outside palette/);

  const chunk = fixtureChunk(2);
  const truncated = expectedTokens([{ ...chunk, blob: chunk.blob.subarray(0, chunk.blob.length - 40) }]);
  const lost = [...truncated].filter(([, token]) => token instanceof Error).map(([id]) => id);
  assert.ok(lost.length > 0 && lost.at(-1) === 749 && lost.every((id, i) => i === 0 || id === lost[i - 1]! + 1), `the tail is lost: ${lost}`);
});

test("tokenUriProblem accepts the expected metadata and names what differs", () => {
  const expected = expectedTokens([fixtureChunk(0)]);
  const token = expected.get(5) as ExpectedToken;
  const right = metadata(5, token);
  assert.equal(tokenUriProblem(5, uriOf(right), token), undefined);
  assert.equal(tokenUriProblem(6, uriOf(right), expected.get(6)), 'name "Pix #5"');
  assert.equal(tokenUriProblem(5, uriOf({ ...right, description: "" }), token), "no description");
  assert.equal(
    tokenUriProblem(5, uriOf({ ...right, image: svgDataUri(artToSvg((expected.get(7) as ExpectedToken).art)) }), token),
    "its SVG differs from the uploaded art",
  );
  const wrongTier = { ...right, attributes: right.attributes.map((a) => (a.trait_type === "Tier" ? { ...a, value: "Rare" } : a)) };
  assert.match(tokenUriProblem(5, uriOf(wrongTier), token)!, /^attribute Tier is "Rare", not "Artist"$/);
  assert.match(tokenUriProblem(5, "data:text/plain,hello", token)!, /^not a base64 JSON data URI/);
  assert.match(tokenUriProblem(5, "data:application/json;base64,!!!", token)!, /^not a base64 JSON data URI/);
  assert.equal(tokenUriProblem(5, uriOf(right), undefined), "no local art to compare with");
  for (const odd of [null, 1, [], { ...right, attributes: {} }, { ...right, name: 5 }]) {
    assert.match(tokenUriProblem(5, uriOf(odd), token)!, /^metadata of the wrong shape/, JSON.stringify(odd));
  }
});
