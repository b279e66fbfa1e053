import { BaseError, hexToBytes, type Address } from "viem";
import { canonicalize, colorCount, decodePiece, type Art } from "@pixlings/shared/art/codec";
import { symmetryOf } from "@pixlings/shared/art/symmetry";
import { CELL_COUNT } from "@pixlings/shared/collection";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainView } from "./command.ts";
import { describeRevert } from "./explainError.ts";

/** A piece in words, as the storefront lists its traits: `3 colours, symmetry vertical`. */
export function describeArt(art: Art): string {
  const colours = colorCount(art);
  return `${colours} colour${colours === 1 ? "" : "s"}, symmetry ${symmetryOf(art.pixels)}`;
}

/** The owner of `tokenId` on the view's chain, or undefined while it is unminted (ownerOf reverts TokenNotMinted). */
export async function ownerOn(view: ChainView, tokenId: number): Promise<Address | undefined> {
  try {
    return await view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(tokenId)] });
  } catch (error) {
    if (error instanceof BaseError && describeRevert(error)?.startsWith("TokenNotMinted")) return undefined;
    throw error;
  }
}

/** The art of `tokenId` on the view's chain, canonical (reverts for an id without art there). */
export async function artOn(view: ChainView, tokenId: number): Promise<Art> {
  const blob = await view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(tokenId)] });
  return canonicalize(decodePiece(hexToBytes(blob)));
}

/** How many of the 81 cells show another colour in `a` than in `b` (0: the same picture). */
export function cellsDiffering(a: Art, b: Art): number {
  let differing = 0;
  for (let cell = 0; cell < CELL_COUNT; cell++) {
    if (a.palette[a.pixels[cell]!] !== b.palette[b.pixels[cell]!]) differing++;
  }
  return differing;
}

/** What one chain with a deployment shows now. */
export interface ChainArt {
  network: string;
  /** Whether the command writes it; a chain left out keeps its art. */
  written: boolean;
  /** Its art, or why it could not be read. */
  art: Art | { problem: string };
}

const label = (chain: ChainArt): string => (chain.written ? chain.network : `${chain.network} (left out)`);

/**
 * The lines shown before anything is sent: the art each chain shows now against `piece`, whether
 * the chains differ now, and a warning when a chain left out will differ afterwards.
 */
export function artComparison(tokenId: number, piece: Art, chains: readonly ChainArt[]): string[] {
  const width = Math.max(...chains.map((chain) => label(chain).length));
  const lines = [`Pix #${tokenId} on each chain with a deployment (the new art: ${describeArt(piece)}):`];
  for (const chain of chains) {
    const name = label(chain).padEnd(width);
    if ("problem" in chain.art) {
      lines.push(`  ${name}  not read: ${chain.art.problem}`);
      continue;
    }
    const cells = cellsDiffering(chain.art, piece);
    const change = cells === 0 ? "already this art" : `${cells} of ${CELL_COUNT} cells ${chain.written ? "change" : "differ from the new art"}`;
    lines.push(`  ${name}  ${chain.written ? "now" : "keeps"} ${describeArt(chain.art)}: ${change}`);
  }
  const read = chains.map((chain) => chain.art).filter((art): art is Art => !("problem" in art));
  if (read.some((art) => cellsDiffering(art, read[0]!) > 0)) lines.push(`The chains show different art for Pix #${tokenId} now.`);
  const apart = chains.filter((chain) => !chain.written && ("problem" in chain.art || cellsDiffering(chain.art, piece) > 0));
  if (apart.length > 0) {
    const names = apart.map((chain) => chain.network).join(" and ");
    lines.push(
      `Warning: afterwards ${names} ${apart.length === 1 ? "shows" : "show"} other art for Pix #${tokenId} than the chains written (or could not be compared).`,
    );
  }
  return lines;
}
