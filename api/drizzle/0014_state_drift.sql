CREATE TABLE "chain_deployments" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"contract" text NOT NULL,
	"deploy_block" bigint NOT NULL,
	"deploy_block_hash" text NOT NULL,
	"recorded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_jobs" ADD COLUMN "sent_at" timestamp (3) with time zone;