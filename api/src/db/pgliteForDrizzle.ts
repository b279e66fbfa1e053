import { types, type PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";

const keepText = (value: string): string => value;

/**
 * The types drizzle keeps as the text Postgres sends (the parsers drizzle-orm/pglite/session.js
 * passes with every statement): timestamps, dates, intervals, numeric[] and their arrays.
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182] as const;

/** PGlite's start options making it parse as drizzle asks (`parsers`). */
export const DRIZZLE_PARSERS: Record<number, (value: string) => string> = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, keepText]));

const kept = new Set<string>(DRIZZLE_TEXT_TYPES.map(String));

/**
 * drizzle's options without its parsers, when the client already parses those types that way:
 * PGlite copies its whole parser table (one entry per array type, over 300) into a new object for
 * every statement that brings parsers of its own, about a tenth of the API's CPU on the sale path.
 * Parsers this file does not know (a newer drizzle) are passed on as they are.
 */
function withoutKnownParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!kept.has(oid)) return options;
  return { ...options, parsers: undefined };
}

/** A PGlite transaction whose statements leave out drizzle's parsers. */
const transactionForDrizzle = (tx: Transaction): Transaction => ({
  ...tx,
  query: (query, params, options) => tx.query(query, params, withoutKnownParsers(options)),
  get closed() {
    return tx.closed;
  },
});

/**
 * What drizzle is given instead of `client` (created with `DRIZZLE_PARSERS`): the same queries and
 * transactions with the same results, without PGlite's copy of its parser table per statement.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  const forDrizzle = {
    query: (query: string, params?: unknown[], options?: QueryOptions) => client.query(query, params, withoutKnownParsers(options)),
    exec: client.exec.bind(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(transactionForDrizzle(tx))),
  };
  // drizzle calls only these three on its client (drizzle-orm/pglite/session.js, driver.js).
  return forDrizzle as unknown as PGlite;
}
