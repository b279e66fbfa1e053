import { index, onchainTable, onchainView, primaryKey, sql } from "ponder";
import type { ChainActivityKind } from "@pixlings/shared/http/activity";

/** A minted Pix on one chain: a row exists once a Transfer from address(0) was indexed. */
export const token = onchainTable(
  "token",
  (t) => ({
    chainId: t.integer().notNull(),
    tokenId: t.integer().notNull(),
    owner: t.hex().notNull(),
    /** Who it was minted to: the 10-per-wallet cap counts mints, not current holdings. */
    mintedTo: t.hex().notNull(),
    mintedBlock: t.bigint().notNull(),
    /** Unix seconds of the mint's block. */
    mintedAt: t.bigint().notNull(),
    mintTxHash: t.hex().notNull(),
    /** Block of the latest Transfer (the mint itself until the Pix moves). */
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.tokenId] }),
    ownerIndex: index().on(table.owner),
    mintedToIndex: index().on(table.mintedTo),
  }),
);

/**
 * A Pix's history on one chain, one row per event: its mint (`from` null), each transfer, and each
 * replacement of its art (`kind` "art"; an upload's first write is no event). `id` is Ponder's
 * event id (chain, block, transaction, log): unique, and in the chain's order.
 */
export const tokenEvent = onchainTable(
  "token_event",
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    tokenId: t.integer().notNull(),
    /** "mint", "transfer" or "art". */
    kind: t.text().notNull(),
    from: t.hex(),
    to: t.hex(),
    block: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    /** Unix seconds of the block. */
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
  }),
  (table) => ({ tokenIndex: index().on(table.tokenId) }),
);

/** A Pix's art on one chain, as the contract's ArtWritten events wrote it. */
export const art = onchainTable(
  "art",
  (t) => ({
    chainId: t.integer().notNull(),
    tokenId: t.integer().notNull(),
    /** 1 Common, 2 Rare, 3 Artist (shared/src/tiers.ts). */
    tier: t.integer().notNull(),
    /** Colours as 24-bit RGB integers, most used first (index 0 is the background). */
    palette: t.integer().array().notNull(),
    /** 81 palette indices, row-major, one byte each. */
    pixels: t.hex().notNull(),
    /** 1 for the first write, +1 per replacement. */
    version: t.integer().notNull(),
    updatedBlock: t.bigint().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.tokenId] }) }),
);

/** The contract's tier prices per chain, in wei of the chain's native coin. */
export const tierPrices = onchainTable("tier_prices", (t) => ({
  chainId: t.integer().primaryKey(),
  common: t.bigint().notNull(),
  rare: t.bigint().notNull(),
  artist: t.bigint().notNull(),
  updatedBlock: t.bigint().notNull(),
}));

/** Whether the contract on a chain sells (`mintingActive`), as its MintingActiveSet events say. */
export const minting = onchainTable("minting", (t) => ({
  chainId: t.integer().primaryKey(),
  active: t.boolean().notNull(),
  updatedBlock: t.bigint().notNull(),
}));

/** How many Pix an address holds on one chain; rows at 0 are deleted. */
export const holder = onchainTable(
  "holder",
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    balance: t.integer().notNull(),
  }),
  (table) => ({ pk: primaryKey({ columns: [table.chainId, table.address] }) }),
);

/** Per-chain counts, kept by the handlers: minted Pix and distinct owners (holder rows). */
export const chainStats = onchainTable("chain_stats", (t) => ({
  chainId: t.integer().primaryKey(),
  minted: t.integer().notNull(),
  owners: t.integer().notNull(),
}));

/** Counts over every indexed chain: minted Pix and distinct owner addresses across chains. */
export const totalStats = onchainView("total_stats").as((qb) =>
  qb
    .select({
      minted: sql<number>`count(*)::integer`.as("minted"),
      owners: sql<number>`count(distinct ${token.owner})::integer`.as("owners"),
    })
    .from(token),
);

/** Each chain's custody address (the contract's CustodySet events): card and freemint Pix are minted to it. */
export const custody = onchainTable("custody", (t) => ({
  chainId: t.integer().primaryKey(),
  address: t.hex().notNull(),
}));

/**
 * What the live activity feed shows: a mint to a wallet (`mint`) or to custody (`card_mint`), a Pix
 * leaving custody for its buyer's wallet (`mint_to_wallet`), and the sale opening or pausing
 * (`sale_opened`, `sale_paused`). Plain transfers between wallets are not activity.
 */

/**
 * One row per log that is activity, keyed by where the chain put it (chain, block, log index); the
 * block hash tells a row from the one a reorg may later put at the same place.
 */
export const activity = onchainTable(
  "activity",
  (t) => ({
    chainId: t.integer().notNull(),
    blockNumber: t.bigint().notNull(),
    logIndex: t.integer().notNull(),
    blockHash: t.hex().notNull(),
    /** Unix seconds of the block. */
    timestamp: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    kind: t.text().$type<ChainActivityKind>().notNull(),
    /** The Pix, for mints and moves; null for the sale's state. */
    tokenId: t.integer(),
    /** Who received the Pix (custody for a card mint); null for the sale's state. */
    account: t.hex(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.blockNumber, table.logIndex] }),
    // The history, newest first across chains.
    timeIndex: index().on(table.timestamp, table.chainId, table.blockNumber, table.logIndex),
  }),
);
