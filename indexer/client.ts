// How other packages read the indexer's tables: its schema with @ponder/client's query builders,
// both on the indexer's own drizzle (two copies of drizzle would not type-check against each other).
export * from "@ponder/client";
export * as schema from "./ponder.schema.ts";
