import { drizzle } from "drizzle-orm/pg-proxy";
import postgres from "postgres";
import type { IndexerDb } from "./indexerDb.ts";
import { indexerSchema as schema } from "./indexerDb.ts";

export interface PostgresIndexerDb {
  db: IndexerDb;
  close(): Promise<void>;
}

/**
 * The indexer's tables read straight from Postgres, through the stable views Ponder keeps in
 * `viewsSchema` (`--views-schema`) — for when the API and Ponder share a database (DESIGN.md).
 * The same drizzle proxy as @ponder/client's (snake_case, unqualified table names), but each query
 * runs on our connection with `search_path` set to the views schema instead of over Ponder's /sql.
 * Reads of the views are always current: no cache in between.
 */
export function postgresIndexerDb(url: string, viewsSchema: string): PostgresIndexerDb {
  const client = postgres(url, { max: 4, connection: { search_path: viewsSchema, application_name: "pixlings-api-indexer" } });
  const db = drizzle(
    async (query, params, method) => {
      const statement = client.unsafe(query, params as never[]);
      if (method === "all") return { rows: (await statement.values()) as unknown[][] };
      return { rows: (await statement) as unknown as Record<string, unknown>[] };
    },
    { schema, casing: "snake_case" },
  );
  return { db: db as unknown as IndexerDb, close: () => client.end({ timeout: 5 }) };
}
