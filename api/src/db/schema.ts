/**
 * The API database's tables (drizzle; `pnpm --filter @pixlings/api db:generate` writes migrations
 * from here). One file per area in `tables/`; add a new area's file to this list.
 */
export * from "./tables/accounts.ts";
export * from "./tables/catalogue.ts";
export * from "./tables/cardOrders.ts";
export * from "./tables/reservations.ts";
export * from "./tables/rateLimits.ts";
export * from "./tables/freemintCards.ts";
export * from "./tables/orderJobs.ts";
export * from "./tables/merch.ts";
export * from "./tables/submissions.ts";
export * from "./tables/submissionReads.ts";
export * from "./tables/artReplacements.ts";
export * from "./tables/adminAudit.ts";
export * from "./tables/chainDeployments.ts";
