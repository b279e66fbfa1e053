import type { ApiConfig } from "../config/readConfig.ts";
import { httpIndexerDb } from "./indexerDb.ts";
import { createIndexerReader, type IndexerReader } from "./indexerReader.ts";
import { postgresIndexerDb } from "./postgresIndexerDb.ts";

/** The indexer reader the config asks for: Ponder's views on Postgres, else Ponder over HTTP. */
export function openIndexerReader(config: Pick<ApiConfig, "indexerUrl" | "indexerDatabaseUrl" | "indexerViewsSchema">): { reader: IndexerReader; close(): Promise<void> } {
  if (config.indexerDatabaseUrl) {
    const { db, close } = postgresIndexerDb(config.indexerDatabaseUrl, config.indexerViewsSchema);
    return { reader: createIndexerReader(db, config.indexerUrl), close };
  }
  return { reader: createIndexerReader(httpIndexerDb(config.indexerUrl), config.indexerUrl), close: async () => undefined };
}
