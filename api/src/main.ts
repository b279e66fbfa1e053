import { existsSync } from "node:fs";
import path from "node:path";
import { seedCatalogue } from "./catalogue/seedCatalogue.ts";
import { readCatalogueFile } from "./catalogue/readCatalogueFile.ts";
import { readConfig, REPO_ROOT } from "./config/readConfig.ts";
import { openDatabase } from "./db/openDatabase.ts";
import { openIndexerReader } from "./indexer/openIndexerReader.ts";
import { createLogger } from "./logging/createLogger.ts";
import { createApp } from "./app.ts";
import { listen } from "./server.ts";

// `.env` at the repo root fills in what the environment leaves unset.
const dotEnv = path.join(REPO_ROOT, ".env");
if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);

let config;
try {
  config = readConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = createLogger(config);
const started = performance.now();

const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: config.pgliteDir });
logger.info({ database: database.kind, ...(database.kind === "pglite" ? { dir: config.pgliteDir } : {}) }, "database ready");
try {
  const seeded = await seedCatalogue(database.db, await readCatalogueFile(config.catalogueFile));
  logger.info({ ...seeded, file: config.catalogueFile }, "catalogue seeded");
} catch (error) {
  logger.fatal({ err: error }, "catalogue seed failed");
  await database.close();
  process.exit(1);
}

const indexer = openIndexerReader(config);
logger.info(config.indexerDatabaseUrl ? { indexer: "postgres views", schema: config.indexerViewsSchema } : { indexer: "http", url: config.indexerUrl }, "indexer reads");
const app = createApp(config, { database, logger, indexer: indexer.reader });
const server = await listen(app, config);
logger.info({ url: server.url, ms: Math.round(performance.now() - started) }, "API listening");
console.log(`Pixlings API ready: ${server.url}`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  try {
    await server.close();
    await indexer.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
