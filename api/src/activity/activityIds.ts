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

/** The largest chain id and row id the databases hold (`integer`): a larger one names no event and must not reach a query. */
export const MAX_INT_ID = 2_147_483_647;
/** The largest block number an id may name: any chain's for ages, and within every store's integer types. */
const MAX_BLOCK = BigInt(Number.MAX_SAFE_INTEGER);

/** Whether a parsed chain id and block can name an event at all. */
export const inChainRange = (chainId: number, block: bigint): boolean => chainId <= MAX_INT_ID && block <= MAX_BLOCK;

/** `{chainId}-{block}-{logIndex}-{hash8}`: stable across processes, and another id for another log a reorg puts at the same place. */
export const chainEventId = (chainId: number, at: LogPosition, blockHash: string): string =>
  `${chainId}-${at.block}-${at.logIndex}-${blockHash.slice(2, 10).toLowerCase()}`;

export const artEventId = (replacementId: number): string => `art-${replacementId}`;

/** The source and place an event id names, or undefined for anything else. */
export function parseEventId(id: string): ParsedEventId | undefined {
  const chain = CHAIN_ID.exec(id);
  if (chain) {
    const [, chainId, block, logIndex, hash8] = chain;
    const place = { chainId: Number(chainId), block: BigInt(block!), logIndex: Number(logIndex), hash8: hash8! };
    return inChainRange(place.chainId, place.block) ? { source: "chain", place } : undefined;
  }
  const art = ART_ID.exec(id);
  const replacementId = Number(art?.[1]);
  return art && replacementId <= MAX_INT_ID ? { source: "art", replacementId } : undefined;
}

/** Negative when `a` comes before `b` on a chain. */
export const comparePositions = (a: LogPosition, b: LogPosition): number => (a.block < b.block ? -1 : a.block > b.block ? 1 : a.logIndex - b.logIndex);
