import { bytesToHex, hexToBytes, type Hex } from "viem";
import { decodeBlob } from "@pixlings/shared/art/codec";

export interface ArtRow {
  chainId: number;
  tokenId: number;
  tier: number;
  palette: number[];
  pixels: Hex;
  version: number;
  updatedBlock: bigint;
}

/**
 * The art rows of one ArtWritten event: `tiers` holds one tier byte per id from `firstId`, `art`
 * is a blob (shared/src/art/codec.ts) of as many pieces. Rows are version 1; replacements bump it.
 */
export function artRows(e: { chainId: number; firstId: bigint; tiers: Hex; art: Hex; block: bigint }): ArtRow[] {
  const tiers = hexToBytes(e.tiers);
  const pieces = decodeBlob(hexToBytes(e.art));
  if (pieces.length !== tiers.length) {
    throw new Error(`ArtWritten at id ${e.firstId}: ${tiers.length} tiers but ${pieces.length} pieces`);
  }
  const firstId = Number(e.firstId);
  return pieces.map((piece, i) => ({
    chainId: e.chainId,
    tokenId: firstId + i,
    tier: tiers[i]!,
    palette: piece.palette,
    pixels: bytesToHex(piece.pixels),
    version: 1,
    updatedBlock: e.block,
  }));
}
