// `npm run indexer`: Ponder for the configured chains (by default the two local chains of
// `npm run chains`), telemetry off, on 127.0.0.1:PIXLINGS_INDEXER_PORT. Ctrl-C stops it cleanly.
import { loadDotEnv } from "@pixlings/shared/node/dotEnv";
import { startPonder } from "./ponderProcess.ts";
import { describePlan, planIndexerRun, resetPgliteIfChainsChanged } from "./runPlan.ts";

loadDotEnv(process.env);
const plan = planIndexerRun(process.env);
for (const reason of plan.skipped) console.warn(`Pixlings indexer: skipping ${reason}`);
const reset = resetPgliteIfChainsChanged(plan);
if (reset) console.log(`Pixlings indexer: ${reset}`);
for (const line of describePlan(plan)) console.log(`Pixlings indexer: ${line}`);

const { port, schema, viewsSchema } = plan;
const ponder = startPonder({ port, schema, viewsSchema, logLevel: "info", inheritOutput: true, env: { DATABASE_SCHEMA: schema } });
// A terminal's Ctrl-C or hang-up reaches Ponder too (same process group); a SIGTERM to us is passed on.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void ponder.stop());
ponder
  .waitSynced(60 * 60_000)
  .then(() => console.log(`Pixlings indexer ready: ${ponder.url}`))
  .catch(() => undefined);
process.exitCode = (await ponder.exited) ?? 0;
await ponder.releaseLock();
