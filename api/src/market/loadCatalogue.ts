import { asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { artists, catalogue } from "../db/tables/catalogue.ts";
import { submissions } from "../db/tables/submissions.ts";
import type { TierName } from "@pixlings/shared/tiers";

/** The off-chain text of one Pix, with its artist. */
export interface CatalogueEntry {
  tokenId: number;
  name: string;
  description: string;
  customName: string | null;
  customDescription: string | null;
  /** Whether `description` is the artist's own (their approved submission's), not the generator's. */
  descriptionByArtist: boolean;
  tier: TierName;
  colorCount: number;
  symmetry: string;
  artist: { id: number; name: string; website: string | null } | null;
}

/**
 * Every Pix of the catalogue table, by token id (one query); with `editedAfter`, only those whose
 * story was edited after that `stories_version` (an index range: usually none).
 */
export async function loadCatalogue(db: Db, { editedAfter }: { editedAfter?: number } = {}): Promise<Map<number, CatalogueEntry>> {
  const rows = await db
    .select({
      tokenId: catalogue.tokenId,
      name: catalogue.name,
      description: catalogue.description,
      customName: catalogue.customName,
      customDescription: catalogue.customDescription,
      descriptionByArtist: sql<boolean>`exists (select 1 from ${submissions} where ${submissions.targetTokenId} = ${catalogue.tokenId} and ${submissions.status} = 'approved')`,
      tier: catalogue.tier,
      colorCount: catalogue.colorCount,
      symmetry: catalogue.symmetry,
      artistId: artists.id,
      artistName: artists.name,
      artistWebsite: artists.website,
    })
    .from(catalogue)
    .leftJoin(artists, eq(artists.id, catalogue.artistId))
    .where(editedAfter === undefined ? undefined : gt(catalogue.storyVersion, editedAfter))
    .orderBy(asc(catalogue.tokenId));
  const entries = new Map<number, CatalogueEntry>();
  for (const { artistId, artistName, artistWebsite, ...row } of rows) {
    const artist = artistId !== null && artistName !== null ? { id: artistId, name: artistName, website: artistWebsite } : null;
    entries.set(row.tokenId, { ...row, artist });
  }
  return entries;
}
