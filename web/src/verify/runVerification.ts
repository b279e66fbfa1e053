// Loaded when the visitor presses "Verify on-chain" (VerifyOnChain.tsx imports it on demand).
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { BaseError, HttpRequestError, TimeoutError } from "viem";
import { differingCells, type CellDifference } from "./compareCells.ts";
import { readChainArt, type ChainArt } from "./readChainArt.ts";
import { servedPngCells } from "./servedPng.ts";

/** What one chain says, against the shop's image. */
export type ChainVerdict =
  | { kind: "match"; chain: ChainInfo; art: ChainArt }
  | { kind: "mismatch"; chain: ChainInfo; art: ChainArt; differences: CellDifference[] }
  /** The chain answered, but the shop's image could not be read: nothing to compare with. */
  | { kind: "unchecked"; chain: ChainInfo; art: ChainArt }
  | { kind: "unreachable"; chain: ChainInfo; reason: string }
  /** The chain answered, but not with this Pix's art (another chain id, an undecodable answer, a revert). */
  | { kind: "unreadable"; chain: ChainInfo; reason: string };

export interface Verification {
  /** Undefined when the shop's image was read; else why not. */
  shopProblem: string | undefined;
  chains: ChainVerdict[];
}

function reasonOf(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

const isTransportFailure = (error: unknown): boolean =>
  error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;

/**
 * Reads Pix `tokenId` from every chain on sale, straight from each chain's public RPC, and the
 * image the shop serves at `imageUrl`, all at once; then compares each chain's 81 cells with the
 * shop's. One chain failing never hides another's answer.
 */
export async function runVerification(chains: readonly ChainInfo[], tokenId: number, imageUrl: string): Promise<Verification> {
  const [shop, ...readings] = await Promise.allSettled([servedPngCells(imageUrl), ...chains.map((chain) => readChainArt(chain, tokenId))]);
  const shopCells = shop!.status === "fulfilled" ? shop!.value : undefined;
  const verdicts = chains.map((chain, i): ChainVerdict => {
    const reading = readings[i]!;
    if (reading.status === "rejected") {
      const reason = reasonOf(reading.reason);
      return isTransportFailure(reading.reason) ? { kind: "unreachable", chain, reason } : { kind: "unreadable", chain, reason };
    }
    const art = reading.value;
    if (!shopCells) return { kind: "unchecked", chain, art };
    const differences = differingCells(art.cells, shopCells);
    return differences.length === 0 ? { kind: "match", chain, art } : { kind: "mismatch", chain, art, differences };
  });
  return { shopProblem: shop!.status === "rejected" ? reasonOf(shop!.reason) : undefined, chains: verdicts };
}
