// `npm run indexer`: Ponder for the configured chains (by default the two local chains of
// `npm run chains`), telemetry off, on 127.0.0.1:PIXLINGS_INDEXER_PORT. Ctrl-C stops it cleanly.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deploymentOf } from "@pixlings/shared/contract";
import { pixChain } from "@pixlings/shared/chains";
import { databaseConfig, indexedChains, loadDotEnv } from "./config.ts";
import { buildSchemaName, startPonder } from "./ponder-process.ts";

export const DEFAULT_PORT = 42069;
export const DEFAULT_VIEWS_SCHEMA = "pixlings";

loadDotEnv(process.env);
const { chains, skipped } = indexedChains(process.env);
for (const reason of skipped) console.warn(`Pixlings indexer: skipping ${reason}`);
const database = databaseConfig(process.env);
const port = Number(process.env.PIXLINGS_INDEXER_PORT || DEFAULT_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new RangeError("PIXLINGS_INDEXER_PORT must be a port number");

// What identifies the chains' history: a redeployed local chain (npm start -- --fresh) has a new
// deployment record, so the schema name changes with it and so does the PGlite marker below.
const chainsKey = JSON.stringify(
  chains.map((c) => [c.chainId, c.address, c.startBlock, deploymentOf(c.chainId)?.deployedAt ?? null]),
);
const localKey = JSON.stringify(JSON.parse(chainsKey).filter(([id]: [number]) => pixChain(id).local));

if (database.kind === "pglite") {
  // Ponder's RPC cache trusts finalized blocks forever; a local chain started over has other
  // blocks under the same numbers. Start the embedded database over when the local chains changed.
  const marker = `${database.directory}.chains.json`;
  const previous = existsSync(marker) ? readFileSync(marker, "utf8") : undefined;
  if (previous !== undefined && previous !== localKey && existsSync(database.directory)) {
    console.log(`Pixlings indexer: the local chains were redeployed; clearing ${path.relative(process.cwd(), database.directory)}`);
    rmSync(database.directory, { recursive: true, force: true });
  }
  mkdirSync(path.dirname(database.directory), { recursive: true });
  writeFileSync(marker, localKey);
}

const schema = process.env.DATABASE_SCHEMA || buildSchemaName(chainsKey);
const viewsSchema = process.env.DATABASE_VIEWS_SCHEMA || DEFAULT_VIEWS_SCHEMA;
const where = database.kind === "pglite" ? `PGlite ${database.directory}` : "Postgres (DATABASE_URL)";
console.log(`Pixlings indexer: ${chains.map((c) => `${c.name} (${c.chainId}) ${c.address} from block ${c.startBlock}`).join(", ")}`);
console.log(`Pixlings indexer: ${where}, schema ${schema}, views ${viewsSchema}, http://127.0.0.1:${port}`);

const ponder = startPonder({ port, schema, viewsSchema, logLevel: "info", inheritOutput: true, env: { DATABASE_SCHEMA: schema } });
// A terminal's Ctrl-C reaches Ponder too (same process group); a SIGTERM to us is passed on.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void ponder.stop());
ponder
  .waitSynced(60 * 60_000)
  .then(() => console.log(`Pixlings indexer ready: ${ponder.url}`))
  .catch(() => undefined);
process.exitCode = (await ponder.exited) ?? 0;
