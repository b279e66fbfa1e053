import { privateKeyToAccount } from "viem/accounts";
import { seedCatalogue } from "./catalogue/seedCatalogue.ts";
import { readCatalogueFile } from "./catalogue/readCatalogueFile.ts";
import { dropForeignSecrets, loadApiEnv } from "./config/loadApiEnv.ts";
import { DOT_ENV_FILE } from "@pixlings/shared/node/paths";
import { readConfig, type ApiConfig } from "./config/readConfig.ts";
import { openDatabase } from "./db/openDatabase.ts";
import { openIndexerReader } from "./indexer/openIndexerReader.ts";
import { openWake } from "./jobs/wake.ts";
import { createLogger } from "./logging/createLogger.ts";
import { settleCustodyKeys } from "./fulfilment/checkCustodyKeys.ts";
import { checkSignerRole } from "./mint/checkSignerRole.ts";
import { checkArtAdminKey } from "./review/checkArtAdminKey.ts";
import { readProcessRole, runsWorker, servesHttp, type ProcessRole } from "./config/processRole.ts";
import type { RunningWorker } from "./roles/jobFamily.ts";
import { runWorker } from "./roles/runWorker.ts";
import { startOpsServer } from "./monitoring/opsServer.ts";
import { registerSourceGauges } from "./monitoring/sourceGauges.ts";
import { countNonceHeals } from "./monitoring/countNonceHeals.ts";
import { LOOPBACK } from "@pixlings/shared/defaults";
import { onNonceHeal } from "./chains/nonceHeals.ts";
import { checkDeployments, START_OVER_HINT } from "./config/checkDeployments.ts";
import { createApp } from "./app.ts";
import { listen, type ListeningServer } from "./server.ts";

// The role (`web`, `worker` or `all`): the first argument, else PIXLINGS_ROLE (env, then `.env`).
let role: ProcessRole;
let config: ApiConfig;
let dropped: string[];
try {
  role = readProcessRole(process.argv.slice(2), loadApiEnv(process.env, DOT_ENV_FILE, "web"));
  // Only the API's own variables, from the environment and then `.env` at the repo root; the
  // other keys and secrets there (the deployer's, and in a web process the worker's) never enter this process.
  dropped = dropForeignSecrets(process.env, role);
  config = readConfig(loadApiEnv(process.env, DOT_ENV_FILE, role), role);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = createLogger(config).child({ role });
const started = performance.now();
if (dropped.length > 0) logger.warn({ dropped }, "removed key and secret variables this process does not use from its environment");

// The voucher key must be able to sign on every chain, and must not be the owner's (a leaked API
// key would then hand over the whole contract).
const signer = privateKeyToAccount(config.sale.signerKey).address;
const refusals = await checkSignerRole(config.sale.chains, signer, {
  onRetry: (chain, reason) => logger.warn({ chainId: chain.chainId, reason }, "chain RPC not answering; retrying the signer role check"),
});
if (refusals.length > 0) {
  for (const line of refusals) console.error(`Refusing to start: ${line}`);
  process.exit(1);
}
logger.info({ signer, chains: config.sale.chains.map((c) => c.chainId) }, "voucher key holds the signer role and is not the owner");
// Likewise the art-admin key (Approve & Replace), or in a web process the art-admin address, when there is one.
const artAdminRefusals = await checkArtAdminKey(config, {
  onRetry: (chain, reason) => logger.warn({ chainId: chain.chainId, reason }, "chain RPC not answering; retrying the art-admin role check"),
});
if (artAdminRefusals.length > 0) {
  for (const line of artAdminRefusals) console.error(`Refusing to start: ${line}`);
  process.exit(1);
}
if (config.artAdminAddress)
  logger.info({ artAdmin: config.artAdminAddress }, "the art admin holds ROLE_ART_ADMIN and is not the owner: Approve & Replace is on");

// Card and freemint sales mint to custody with the minter and custody keys (settleCustodyKeys).
const custodyKeys = await settleCustodyKeys(config);
if (custodyKeys.refusals.length > 0) {
  for (const line of custodyKeys.refusals) console.error(`Refusing to start: ${line}`);
  process.exit(1);
}
if (custodyKeys.warnings.length > 0)
  logger.warn({ problems: custodyKeys.warnings }, "card and freemint sales are off: the dev minter and custody keys do not fit this deployment");
config = custodyKeys.config;
if (config.custody) logger.info({ custody: config.custody.address }, "the custody account fits the contract: card and freemint sales are on");

const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { pgliteDir: config.pgliteDir, sharedBuffersMb: config.memory.pgliteSharedBuffersMb, sessionCacheBytes: config.memory.sessionCacheBytes },
);
logger.info({ database: database.kind, ...(database.kind === "pglite" ? { dir: config.pgliteDir } : {}) }, "database ready");
// The database's orders, holds, nonces and job transactions name contracts and blocks: only on those chains.
const drift = await checkDeployments(database.db, config.sale.chains, {
  onRetry: (chain, reason) => logger.warn({ chainId: chain.chainId, reason }, "chain RPC not answering; retrying the deployment check"),
});
if (drift.length > 0) {
  for (const line of drift) console.error(`Refusing to start: ${line}.`);
  console.error(START_OVER_HINT);
  await database.close();
  process.exit(1);
}
onNonceHeal((heal) => logger.warn(heal, "nonce gap healed: the key's counter was above the chain and no stored transaction held the nonces between"));
countNonceHeals();
try {
  const seeded = await seedCatalogue(database.db, await readCatalogueFile(config.catalogueFile));
  logger.info({ ...seeded, file: config.catalogueFile }, "catalogue seeded");
} catch (error) {
  logger.fatal({ err: error }, "catalogue seed failed");
  await database.close();
  process.exit(1);
}

const indexer = openIndexerReader(config);
logger.info(
  config.indexerDatabaseUrl ? { indexer: "postgres views", schema: config.indexerViewsSchema } : { indexer: "http", url: config.indexerUrl },
  "indexer reads",
);
const wake = await openWake(config, logger);
// The operator's port (metrics, health, ready) on loopback, whatever the role, when METRICS_PORT is set.
const readiness = { database, indexer: indexer.reader, sale: config.sale };
let ops: ListeningServer | undefined;
if (config.metricsPort !== undefined) {
  registerSourceGauges({ db: database.db, indexer: indexer.reader, sale: config.sale });
  ops = await startOpsServer({ host: LOOPBACK, port: config.metricsPort, database, ready: readiness });
  logger.info({ url: ops.url }, "metrics, health and ready served");
}
let server: ListeningServer | undefined;
if (servesHttp(role)) {
  const app = createApp(config, { database, logger, indexer: indexer.reader, wake });
  server = await listen(app, config);
  logger.info({ url: server.url, ms: Math.round(performance.now() - started) }, "API listening");
  console.log(`Pixlings API ready: ${server.url}`);
}
let worker: RunningWorker | undefined;
if (runsWorker(role)) {
  worker = await runWorker(config, { database, logger, indexer: indexer.reader, wake });
  logger.info({ families: worker.families }, "worker running");
  // A worker alone serves no public HTTP: its only port is the operator's.
  if (!server) console.log(`Pixlings worker ready: ${ops?.url ?? "-"} (${worker.families.join(", ")})`);
}

/** How long requests in flight may take to finish once SIGTERM came (a load balancer has stopped sending by then). */
const SHUTDOWN_GRACE_MS = 10_000;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  try {
    await server?.close(SHUTDOWN_GRACE_MS);
    await worker?.stop();
    await ops?.close();
    await wake.close();
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
