import { fillPlaceholders, type SQL } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./openDatabase.ts";
import { rowsOf } from "./rowsOf.ts";

/** What drizzle keeps of its driver's client (`$client`): postgres.js's `unsafe`, or PGlite's `query` (pgliteForDrizzle.ts). */
interface DriverClient {
  unsafe?: (text: string, params: unknown[], options: { prepare: boolean }) => Promise<unknown>;
  query?: (text: string, params: unknown[]) => Promise<unknown>;
}

/** `statement`'s SQL text and its parameters, placeholders among them (`fillPlaceholders` gives them their values). */
export function statementText(db: Db, statement: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement);
  return { text, params };
}

/** A statement built once: each call fills its placeholders and answers its rows. */
export type PreparedSql = (values: Record<string, unknown>) => Promise<unknown[]>;

/**
 * `statement` (with `sql.placeholder(name)` for each value that changes between calls) turned into
 * SQL text once, and sent through the driver on each call: what drizzle's `db.execute` would
 * otherwise do on every request (walking the SQL tree, numbering the parameters). On Postgres it
 * goes as a named prepared statement, parsed once per connection; more, postgres.js sends a
 * statement that is not prepared and has parameters in two round trips (Parse and Describe, then
 * on Postgres' answer Bind and Execute), a prepared one in one. On PGlite, a plain query.
 * Only for statements whose text never depends on the values (a list as one array parameter, not
 * one parameter an element): each distinct text stays prepared on every connection.
 */
export function preparedSql(db: Db, statement: SQL): PreparedSql {
  const { text, params } = statementText(db, statement);
  const client = (db as unknown as { $client: DriverClient }).$client;
  const { unsafe, query } = client;
  if (unsafe) return async (values) => rowsOf(await unsafe.call(client, text, fillPlaceholders(params, values), { prepare: true }));
  if (query) return async (values) => rowsOf(await query.call(client, text, fillPlaceholders(params, values)));
  throw new Error("preparedSql: neither postgres.js nor PGlite behind this database");
}

/** A Postgres array literal of integers, sent as one parameter whatever the number of ids (one statement text): `${intArray(ids)}::integer[]`. */
export const intArray = (ids: Iterable<number>): string => `{${[...ids].join(",")}}`;
