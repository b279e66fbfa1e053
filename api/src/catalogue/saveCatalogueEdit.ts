import { eq, sql } from "drizzle-orm";
import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { catalogue, storiesVersion } from "../db/tables/catalogue.ts";

/** What an edit of catalogue rows may change: owners' names and stories, admins' text and artist, an approved piece. */
export type CatalogueChanges = Partial<
  Pick<typeof catalogue.$inferInsert, "customName" | "customDescription" | "name" | "description" | "artistId" | "colorCount" | "symmetry" | "curatedAt">
>;

/** Which rows: one Pix, or every Pix of an artist (after the artist's name or website changed). */
export type CatalogueRows = { tokenId: number } | { artistId: number };

/**
 * Writes `changes` to catalogue rows and bumps `stories_version` in one transaction (nested in
 * `db` when it is a transaction: a savepoint of the larger one), the rows stamped with the new version: every API process polls
 * that version and reloads the rows above the one it had (market/catalogueCache.ts). The counter's
 * row lock makes concurrent edits commit in version order. Answers the new version.
 */
export async function saveCatalogueEdit(db: Db | DbTransaction, rows: CatalogueRows, changes: CatalogueChanges): Promise<number> {
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
      .where("tokenId" in rows ? eq(catalogue.tokenId, rows.tokenId) : eq(catalogue.artistId, rows.artistId));
    return bumped.version;
  });
}
