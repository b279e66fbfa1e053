import { createClient } from "@pixlings/indexer/client";
import * as schema from "@pixlings/indexer/ponder.schema";

export { schema as indexerSchema };

/** Read-only drizzle access to the indexer's tables (`select` and raw `execute`). */
export type IndexerDb = ReturnType<typeof createClient<typeof schema>>["db"];

/** The indexer's tables over HTTP: Ponder's `/sql` endpoint at `url` (no trailing `/sql`). */
export function httpIndexerDb(url: string): IndexerDb {
  return createClient(`${url.replace(/\/+$/, "")}/sql`, { schema }).db;
}
