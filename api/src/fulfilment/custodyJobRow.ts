import type { custodyJobs } from "../db/schema.ts";

/** A custody_jobs row. */
export type CustodyJob = typeof custodyJobs.$inferSelect;
