import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { catalogue, storiesVersion } from "../db/schema.ts";

export interface StoryChanges {
  customName?: string | null;
  customDescription?: string | null;
}

/**
 * Writes a Pix's custom name and/or story and bumps `stories_version` in one transaction, the row
 * stamped with the new version: every API process polls that version and reloads the rows above
 * the one it had. The counter's row lock makes concurrent edits commit in version order, so no
 * process can see version N before every edit up to N is visible. Answers the new version.
 */
export async function saveStory(db: Db, tokenId: number, changes: StoryChanges): Promise<number> {
  return db.transaction(async (tx) => {
    const [bumped] = await tx
      .update(storiesVersion)
      .set({ version: sql`${storiesVersion.version} + 1` })
      .where(eq(storiesVersion.id, 1))
      .returning({ version: storiesVersion.version });
    if (!bumped) throw new Error("the stories_version row is missing (migration 0004 inserts it)");
    await tx
      .update(catalogue)
      .set({ ...changes, storyVersion: bumped.version })
      .where(eq(catalogue.tokenId, tokenId));
    return bumped.version;
  });
}
