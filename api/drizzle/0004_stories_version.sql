CREATE TABLE "stories_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stories_version_single_row" CHECK ("stories_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "catalogue" ADD COLUMN "story_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_story_version_idx" ON "catalogue" USING btree ("story_version");--> statement-breakpoint
-- The single counter row: story edits bump it (updatePixStory), API processes poll it (market).
INSERT INTO "stories_version" ("id", "version") VALUES (1, 0);
