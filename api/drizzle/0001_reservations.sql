CREATE TABLE "reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_id" integer NOT NULL,
	"address" text NOT NULL,
	"user_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"deadline" timestamp (3) with time zone NOT NULL,
	"hold_until" timestamp (3) with time zone NOT NULL,
	"released_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_live_token_id_idx" ON "reservations" USING btree ("token_id") WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "reservations_live_address_idx" ON "reservations" USING btree ("address") WHERE released_at is null;