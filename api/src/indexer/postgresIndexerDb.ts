import { drizzle } from "drizzle-orm/pg-proxy";
import postgres from "postgres";
import type { IndexerDb } from "./indexerDb.ts";
import { indexerSchema as schema } from "./indexerDb.ts";
import type { IndexerChangeFeed } from "./indexerChanges.ts";
import { postgresIndexerChanges } from "./postgresIndexerChanges.ts";

export interface PostgresIndexerDb {
  db: IndexerDb;
  /** Ponder's notices for the views (LISTEN on this connection's database). */
  changes: IndexerChangeFeed;
  close(): Promise<void>;
}

/**
 * The indexer's tables read straight from Postgres, through the stable views Ponder keeps in
 * `viewsSchema` (`--views-schema`) — for when the API and Ponder share a database (docs/design.md#processes-and-production).
 * The same drizzle proxy as @ponder/client's (snake_case, unqualified table names), but each query
 * runs on our connection with `search_path` set to the views schema instead of over Ponder's /sql.
 * Reads of the views are always current: no cache in between (Ponder commits each realtime block,
 * and a reorg's reverted rows are gone from the views at once). The query builders come from
 * @ponder/client (drizzle-orm 0.41) and run on this 0.45 proxy: postgresViews.slow.test.ts checks every
 * query against Ponder's /sql.
 */
export function postgresIndexerDb(url: string, viewsSchema: string): PostgresIndexerDb {
  const client = postgres(url, {
    max: 4,
    // A database that does not answer fails the request (503) in seconds, not postgres.js' 30.
    connect_timeout: 5,
    onnotice: () => {},
    connection: { search_path: viewsSchema, application_name: "pixlings-api-indexer", default_transaction_read_only: true },
  });
  const db = drizzle(
    async (query, params, method) => {
      const statement = client.unsafe(query, params as never[]);
      if (method === "all") return { rows: (await statement.values()) as unknown[][] };
      return { rows: (await statement) as unknown as Record<string, unknown>[] };
    },
    { schema, casing: "snake_case" },
  );
  const changes = postgresIndexerChanges(client, viewsSchema);
  return {
    db: db as unknown as IndexerDb,
    changes,
    close: async () => {
      await changes.close();
      await client.end({ timeout: 5 });
    },
  };
}
