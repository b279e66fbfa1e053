CREATE TABLE "user_wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_wallets_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_wallet_address_unique";--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "wallet_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "linking_dismissed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_wallets_user_id_idx" ON "user_wallets" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "user_wallets" ("user_id", "address", "created_at") SELECT "id", "wallet_address", "created_at" FROM "users" WHERE "wallet_address" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "wallet_address";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_sub" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "picture_url" text;--> statement-breakpoint
CREATE INDEX "artists_user_id_idx" ON "artists" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_identity_idx" ON "users" USING btree ("google_issuer","google_sub");