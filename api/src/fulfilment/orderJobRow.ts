import type { orderJobs } from "../db/tables/orderJobs.ts";

/** A order_jobs row. */
export type OrderJob = typeof orderJobs.$inferSelect;
