import type { ApiConfig } from "../config/readConfig.ts";
import { httpIndexerDb } from "./indexerDb.ts";
import { httpIndexerChanges } from "./httpIndexerChanges.ts";
import { createIndexerReader, type IndexerReader } from "./indexerReader.ts";
import { postgresIndexerDb } from "./postgresIndexerDb.ts";

/** The indexer reader the config asks for: Ponder's views on Postgres, else Ponder over HTTP. */
export function openIndexerReader(config: Pick<ApiConfig, "indexerUrl" | "indexerDatabaseUrl" | "indexerViewsSchema">): {
  reader: IndexerReader;
  close(): Promise<void>;
} {
  if (config.indexerDatabaseUrl) {
    const { db, changes, close } = postgresIndexerDb(config.indexerDatabaseUrl, config.indexerViewsSchema);
    return { reader: createIndexerReader(db, config.indexerUrl, changes), close };
  }
  const changes = httpIndexerChanges(config.indexerUrl);
  return { reader: createIndexerReader(httpIndexerDb(config.indexerUrl), config.indexerUrl, changes), close: () => changes.close() };
}
