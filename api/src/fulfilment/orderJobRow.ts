import type { orderJobs } from "../db/schema.ts";

/** A order_jobs row. */
export type OrderJob = typeof orderJobs.$inferSelect;
