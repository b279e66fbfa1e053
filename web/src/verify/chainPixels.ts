import { CELL_COUNT } from "@pixlings/shared/collection";
import { decodePiece, type Art } from "@pixlings/shared/art/codec";
import { svgToPixels } from "@pixlings/shared/art/svg";
import { decodeTokenUri, svgOfImage } from "@pixlings/shared/art/tokenUri";
import * as z from "zod/mini";

/** 81 RGB integers, row-major: what a Pix shows, however it was read. */
export type CellColours = readonly number[];

/** The part of a chain's metadata JSON read here: checked before use, as it comes from an RPC. */
const MetadataImage = z.object({ image: z.string() });

/** The cells of a `tokenURI`: its JSON's SVG image rasterised by the shared codec (as the contract renders it). */
export function pixelsOfTokenUri(uri: string): CellColours {
  const { image } = MetadataImage.parse(decodeTokenUri(uri));
  return svgToPixels(svgOfImage(image));
}

/** The cells of the contract's `artOf` blob (a standalone one-piece blob), decoded by the shared codec. */
export function pixelsOfArtBlob(blob: Uint8Array): CellColours {
  return coloursOf(decodePiece(blob));
}

function coloursOf(art: Art): CellColours {
  const colours = Array.from(art.pixels, (index) => art.palette[index]!);
  if (colours.length !== CELL_COUNT) throw new RangeError(`a piece has ${CELL_COUNT} cells, not ${colours.length}`);
  return colours;
}
