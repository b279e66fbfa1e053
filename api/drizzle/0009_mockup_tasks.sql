CREATE TABLE "mockup_tasks" (
	"task_key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"placements" text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mockup_tasks" ADD CONSTRAINT "mockup_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mockup_tasks_user_idx" ON "mockup_tasks" USING btree ("user_id");