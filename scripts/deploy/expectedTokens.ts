import { z } from "zod";
import { decodeBlob, pieceLength, type Art } from "@pixlings/shared/art/codec";
import { artToSvg, svgDataUri } from "@pixlings/shared/art/svg";
import { SYMMETRY_LABEL, symmetryOf } from "@pixlings/shared/art/symmetry";
import { decodeTokenUri } from "@pixlings/shared/art/tokenUri";
import { COLLECTION } from "@pixlings/shared/collection";
import { tierName } from "@pixlings/shared/tiers";
import type { ArtChunk } from "./uploadArt.ts";

/** The metadata JSON as read from the chain: checked before any field is compared. */
const TokenMetadataSchema = z.object({
  name: z.string(),
  description: z.string(),
  image: z.string(),
  attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
});

/** What a token's metadata must show: the art and tier the deploy uploaded. */
export interface ExpectedToken {
  art: Art;
  tier: number;
}

/** Per id, the expected token, or why the local art gives none (a piece that does not decode). */
export type ExpectedTokens = ReadonlyMap<number, ExpectedToken | Error>;

/**
 * Each piece of a chunk decoded on its own (the blob's palette plus that piece), so one bad
 * piece marks only its own id. A header that hides the next piece's start ends the chunk.
 */
function chunkPieces(chunk: ArtChunk): (Art | Error)[] {
  const { blob } = chunk;
  const paletteEnd = 1 + (blob[0] ?? 0) * 3;
  const pieces: (Art | Error)[] = [];
  const describe = (error: unknown): Error => new Error(`the local art does not decode: ${error instanceof Error ? error.message : String(error)}`);
  let at = paletteEnd;
  while (pieces.length < chunk.tiers.length) {
    let end: number;
    try {
      if (at >= blob.length) throw new RangeError(`chunk ${chunk.chunkIndex} ends before piece ${pieces.length}`);
      end = at + pieceLength(blob[at]!);
    } catch (error) {
      const lost = describe(error);
      while (pieces.length < chunk.tiers.length) pieces.push(lost);
      break;
    }
    const standalone = new Uint8Array(paletteEnd + end - at);
    standalone.set(blob.subarray(0, paletteEnd));
    standalone.set(blob.subarray(at, end), paletteEnd);
    try {
      // As stored, not canonicalized: the contract draws palette[0] as the background.
      pieces.push(decodeBlob(standalone)[0]!);
    } catch (error) {
      pieces.push(describe(error));
    }
    at = end;
  }
  return pieces;
}

/** The expected token of every id the chunks hold. */
export function expectedTokens(chunks: readonly ArtChunk[]): Map<number, ExpectedToken | Error> {
  const expected = new Map<number, ExpectedToken | Error>();
  for (const chunk of chunks) {
    chunkPieces(chunk).forEach((art, i) => {
      expected.set(chunk.firstId + i, art instanceof Error ? art : { art, tier: chunk.tiers[i]! });
    });
  }
  return expected;
}

/**
 * What is wrong with a tokenURI as the expected token's (undefined: nothing): it must be the
 * contract's base64 JSON with the Pix's name, the SVG of exactly the uploaded art, and its tier,
 * colour count and symmetry.
 */
export function tokenUriProblem(id: number, uri: string, expected: ExpectedToken | Error | undefined): string | undefined {
  if (expected === undefined) return "no local art to compare with";
  if (expected instanceof Error) return expected.message;
  let decoded: unknown;
  try {
    decoded = decodeTokenUri(uri);
  } catch (error) {
    return `not a base64 JSON data URI (${error instanceof Error ? error.message : String(error)})`;
  }
  const parsed = TokenMetadataSchema.safeParse(decoded);
  if (!parsed.success) return `metadata of the wrong shape (${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`;
  const json = parsed.data;
  if (json.name !== `${COLLECTION.itemName} #${id}`) return `name ${JSON.stringify(json.name)}`;
  if (json.description === "") return "no description";
  if (json.image !== svgDataUri(artToSvg(expected.art))) return "its SVG differs from the uploaded art";
  const traits = Object.fromEntries(json.attributes.map((a) => [a.trait_type, a.value]));
  const wanted = {
    Tier: tierName(expected.tier),
    Colors: new Set(expected.art.pixels).size,
    Symmetry: SYMMETRY_LABEL[symmetryOf(expected.art.pixels)],
  };
  for (const [trait, value] of Object.entries(wanted)) {
    if (traits[trait] !== value) return `attribute ${trait} is ${JSON.stringify(traits[trait])}, not ${JSON.stringify(value)}`;
  }
  return undefined;
}
