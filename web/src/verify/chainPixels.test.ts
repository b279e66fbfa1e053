import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodePiece, type Art } from "@pixlings/shared/art/codec";
import { artToSvg, svgDataUri } from "@pixlings/shared/art/svg";
import { pixelsOfArtBlob, pixelsOfTokenUri } from "./chainPixels.ts";

/** A piece with three colours and no symmetry: a diagonal and one odd cell. */
const art: Art = {
  palette: [0x1d2b53, 0xff004d, 0xfff1e8],
  pixels: Uint8Array.from({ length: 81 }, (_, cell) => (cell === 5 ? 2 : cell % 10 === 0 ? 1 : 0)),
};
const colours = Array.from(art.pixels, (p) => art.palette[p]!);

/** As the contract's tokenURI answers: base64 JSON around the UTF-8 SVG data URI. */
function tokenUri(name: string, image: string): string {
  const json = JSON.stringify({ name, description: "", image, attributes: [] });
  return `data:application/json;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(json)))}`;
}

describe("reading a Pix's cells from the chain's answers", () => {
  it("decodes tokenURI's SVG, a name with non-ASCII characters included", () => {
    assert.deepEqual(pixelsOfTokenUri(tokenUri("Pixling ✦ #7 — Ünïcode", svgDataUri(artToSvg(art)))), colours);
  });

  it("decodes the art getter's standalone blob with the shared codec", () => {
    assert.deepEqual(pixelsOfArtBlob(encodePiece(art)), colours);
  });

  it("refuses metadata without an SVG image, and a blob that is not a piece", () => {
    assert.throws(() => pixelsOfTokenUri(tokenUri("x", "https://example.com/x.png")), /not an SVG data URI/);
    assert.throws(() => pixelsOfTokenUri("data:application/json;base64,e30="), /image/);
    assert.throws(() => pixelsOfTokenUri("https://example.com/1.json"), /not a base64 JSON data URI/);
    assert.throws(() => pixelsOfArtBlob(Uint8Array.of(0)), RangeError);
  });
});
