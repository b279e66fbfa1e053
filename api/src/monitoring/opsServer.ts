import express from "express";
import type { Database } from "../db/openDatabase.ts";
import type { ReadinessDeps } from "../health/readiness.ts";
import { healthRouter } from "../http/healthRouter.ts";
import { listen, type ListeningServer } from "../server.ts";
import { registry } from "../metrics/registry.ts";

/**
 * The operator's port (METRICS_PORT, on loopback): `GET /metrics` (Prometheus text), `/api/health`
 * and `/api/ready`. Never the public port: the metrics name routes, queues and errors.
 */
export function startOpsServer(p: { host: string; port: number; database: Database; ready: ReadinessDeps }): Promise<ListeningServer> {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", async (_req, res) => {
    res.set("Content-Type", registry.contentType);
    res.set("Cache-Control", "no-store");
    res.send(await registry.metrics());
  });
  app.use(healthRouter({ database: p.database, ready: p.ready }));
  return listen(app, { host: p.host, port: p.port });
}
