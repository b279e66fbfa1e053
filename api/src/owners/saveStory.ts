import type { Db } from "../db/openDatabase.ts";
import { saveCatalogueEdit } from "../catalogue/saveCatalogueEdit.ts";

export interface StoryChanges {
  customName?: string | null;
  customDescription?: string | null;
}

/**
 * Writes a Pix's custom name and/or story (saveCatalogueEdit: the row stamped with a new
 * `stories_version`, so every API process shows it within about a second). Answers the new version.
 */
export function saveStory(db: Db, tokenId: number, changes: StoryChanges): Promise<number> {
  return saveCatalogueEdit(db, { tokenId }, changes);
}
