CREATE TYPE "public"."freemint_card_type" AS ENUM('3pix', '6pix', '9pix');--> statement-breakpoint
CREATE TYPE "public"."custody_job_kind" AS ENUM('mint', 'transfer');--> statement-breakpoint
CREATE TYPE "public"."custody_job_state" AS ENUM('queued', 'sent', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "freemint_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "freemint_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"card_type" "freemint_card_type" NOT NULL,
	"total_slots" integer NOT NULL,
	"used_slots" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp (3) with time zone,
	CONSTRAINT "freemint_cards_code_unique" UNIQUE("code"),
	CONSTRAINT "freemint_cards_slots" CHECK ("freemint_cards"."used_slots" >= 0 and "freemint_cards"."used_slots" <= "freemint_cards"."total_slots")
);
--> statement-breakpoint
CREATE TABLE "custody_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custody_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "custody_job_kind" NOT NULL,
	"order_id" text,
	"token_id" integer,
	"to_address" text,
	"user_id" integer,
	"chain_id" integer NOT NULL,
	"state" "custody_job_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp (3) with time zone,
	"nonce" integer,
	"tx_hash" text,
	"raw_tx" text,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_orders" ADD COLUMN "freemint_card_id" integer;--> statement-breakpoint
ALTER TABLE "freemint_cards" ADD CONSTRAINT "freemint_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_jobs" ADD CONSTRAINT "custody_jobs_order_id_card_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."card_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_jobs" ADD CONSTRAINT "custody_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custody_jobs_mint_order_idx" ON "custody_jobs" USING btree ("order_id") WHERE kind = 'mint';--> statement-breakpoint
CREATE UNIQUE INDEX "custody_jobs_transfer_token_idx" ON "custody_jobs" USING btree ("token_id") WHERE kind = 'transfer';--> statement-breakpoint
CREATE INDEX "custody_jobs_due_idx" ON "custody_jobs" USING btree ("run_after") WHERE state in ('queued', 'sent');--> statement-breakpoint
ALTER TABLE "card_orders" ADD CONSTRAINT "card_orders_freemint_card_id_freemint_cards_id_fk" FOREIGN KEY ("freemint_card_id") REFERENCES "public"."freemint_cards"("id") ON DELETE no action ON UPDATE no action;