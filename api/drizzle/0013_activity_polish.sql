CREATE TABLE "submission_reads" (
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"side" "sender_type" NOT NULL,
	"last_read_message_id" integer NOT NULL,
	CONSTRAINT "submission_reads_submission_id_user_id_side_pk" PRIMARY KEY("submission_id","user_id","side")
);
--> statement-breakpoint
ALTER TABLE "submission_reads" ADD CONSTRAINT "submission_reads_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reads" ADD CONSTRAINT "submission_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reads" ADD CONSTRAINT "submission_reads_last_read_message_id_submission_messages_id_fk" FOREIGN KEY ("last_read_message_id") REFERENCES "public"."submission_messages"("id") ON DELETE cascade ON UPDATE no action;