import { Router, type Response } from "express";
import { sql } from "drizzle-orm";
import type { HealthResponse, HealthUnavailableBody } from "@pixlings/shared/http/health";
import type { Database } from "../db/openDatabase.ts";
import { route } from "./route.ts";

/** `GET /api/health`: 200 `{ status: "ok", database }` when the database answers, else 503. */
export function healthRouter({ database }: { database: Database }): Router {
  const router = Router();
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
