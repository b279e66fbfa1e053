import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * The deployments this database was made with: for each chain it sold on, the contract and the
 * hash of the block it was deployed in. Orders, reservations, key nonces and job transactions name
 * those contracts and blocks; the API checks them against the chains at every start and refuses to
 * run on chains that no longer have them (a local chain started over, a contract redeployed).
 */
export const chainDeployments = pgTable("chain_deployments", {
  chainId: integer("chain_id").primaryKey(),
  contract: text("contract").notNull(),
  deployBlock: bigint("deploy_block", { mode: "number" }).notNull(),
  deployBlockHash: text("deploy_block_hash").notNull(),
  recordedAt: timestamptz("recorded_at").notNull().defaultNow(),
});
