import { eq } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { storiesVersion } from "../db/tables/catalogue.ts";

/** The number of story edits ever committed (one primary-key read: cheap enough to ask every second). */
export async function readStoriesVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: storiesVersion.version }).from(storiesVersion).where(eq(storiesVersion.id, 1));
  if (!row) throw new Error("the stories_version row is missing (migration 0004 inserts it)");
  return row.version;
}
