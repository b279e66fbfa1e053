import type { LogPosition } from "../indexer/indexerReader.ts";

/** A chain event's place, as its id carries it. */
interface ChainEventPlace extends LogPosition {
  chainId: number;
  /** The first 8 hex digits of the block hash (lower case). */
  hash8: string;
}

export type ParsedEventId = { source: "chain"; place: ChainEventPlace } | { source: "art"; replacementId: number };

const CHAIN_ID = /^(\d{1,10})-(\d{1,20})-(\d{1,6})-([0-9a-f]{8})$/;
const ART_ID = /^art-(\d{1,10})$/;

/** `{chainId}-{block}-{logIndex}-{hash8}`: stable across processes, and another id for another log a reorg puts at the same place. */
export const chainEventId = (chainId: number, at: LogPosition, blockHash: string): string =>
  `${chainId}-${at.block}-${at.logIndex}-${blockHash.slice(2, 10).toLowerCase()}`;

export const artEventId = (replacementId: number): string => `art-${replacementId}`;

/** The source and place an event id names, or undefined for anything else. */
export function parseEventId(id: string): ParsedEventId | undefined {
  const chain = CHAIN_ID.exec(id);
  if (chain) {
    const [, chainId, block, logIndex, hash8] = chain;
    return { source: "chain", place: { chainId: Number(chainId), block: BigInt(block!), logIndex: Number(logIndex), hash8: hash8! } };
  }
  const art = ART_ID.exec(id);
  if (art) return { source: "art", replacementId: Number(art[1]) };
  return undefined;
}

/** Negative when `a` comes before `b` on a chain. */
export const comparePositions = (a: LogPosition, b: LogPosition): number => (a.block < b.block ? -1 : a.block > b.block ? 1 : a.logIndex - b.logIndex);
