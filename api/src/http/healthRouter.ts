import { Router, type Response } from "express";
import { sql } from "drizzle-orm";
import type { HealthResponse, HealthUnavailableBody, NotReadyBody, ReadyResponse } from "@pixlings/shared/http/health";
import type { Database } from "../db/openDatabase.ts";
import { readinessProblems, type ReadinessDeps } from "../health/readiness.ts";
import { route } from "./route.ts";

/**
 * `GET /api/health`: 200 `{ status: "ok", database }` when the process is up and its database
 * answers, else 503. `GET /api/ready` (when given the indexer and the chains): 200 only when this
 * process may take traffic (health/readiness.ts), else 503 with the reasons.
 */
export function healthRouter({ database, ready }: { database: Database; ready?: ReadinessDeps | undefined }): Router {
  const router = Router();
  if (ready) {
    router.get(
      "/api/ready",
      route({}, async (_input, _req, res: Response<ReadyResponse | NotReadyBody>) => {
        res.set("Cache-Control", "no-store");
        const reasons = await readinessProblems(ready);
        if (reasons.length === 0) res.json({ status: "ready" });
        else res.status(503).json({ message: `Not ready: ${reasons.join("; ")}`, status: "not_ready", reasons });
      }),
    );
  }
  router.get(
    "/api/health",
    route({}, async (_input, _req, res: Response<HealthResponse | HealthUnavailableBody>) => {
      res.set("Cache-Control", "no-store");
      try {
        await database.db.execute(sql`select 1`);
        res.json({ status: "ok", database: database.kind });
      } catch {
        res.status(503).json({ message: "Database unavailable", status: "error", database: database.kind });
      }
    }),
  );
  return router;
}
