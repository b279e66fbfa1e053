import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/openDatabase.ts";
import { artists, catalogue } from "../db/tables/catalogue.ts";
import type { CatalogueFile } from "./readCatalogueFile.ts";

export interface SeedCatalogueReturnType {
  artists: { inserted: number; updated: number };
  pieces: { inserted: number; updated: number };
}

const BATCH = 1000;

/** `set` and `setWhere` of an upsert that rewrites `keys` from the new row, only when one differs. */
function upsertOf<T extends PgTable>(table: T, keys: (keyof T["_"]["columns"] & string)[]): { set: Record<string, SQL>; setWhere: SQL } {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const pairs = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key}`);
    return [key, sql.raw(`excluded."${column.name}"`), column] as const;
  });
  return {
    set: Object.fromEntries(pairs.map(([key, value]) => [key, value])),
    setWhere: sql.join(
      pairs.map(([, value, column]) => sql`${value} is distinct from ${column}`),
      sql` or `,
    ),
  };
}

/** Counts inserted vs updated rows of an upsert (`xmax = 0` marks a fresh insert). */
const insertedFlag = sql<boolean>`(xmax = 0)`;

/**
 * Upserts the artists and the catalogue text of every piece from catalogue.json, in one
 * transaction. Idempotent: rows already equal to the file are not touched, owners' custom names
 * and stories are never overwritten, and curated rows (`curated_at`) are left as they are.
 */
export async function seedCatalogue(db: Db, file: CatalogueFile): Promise<SeedCatalogueReturnType> {
  return db.transaction(async (tx) => {
    const result: SeedCatalogueReturnType = { artists: { inserted: 0, updated: 0 }, pieces: { inserted: 0, updated: 0 } };
    const count = (rows: { inserted: boolean }[], into: { inserted: number; updated: number }) => {
      for (const row of rows) row.inserted ? into.inserted++ : into.updated++;
    };

    const artistUpsert = upsertOf(artists, ["slug", "name", "email", "bio", "website"]);
    if (file.artists.length > 0) {
      const rows = await tx
        .insert(artists)
        .values(file.artists.map((a) => ({ ...a, isVerified: true, isApproved: true })))
        .onConflictDoUpdate({ target: artists.id, ...artistUpsert })
        .returning({ inserted: insertedFlag });
      count(rows, result.artists);
    }

    const pieceUpsert = upsertOf(catalogue, ["name", "description", "tier", "artistId", "colorCount", "symmetry"]);
    for (let i = 0; i < file.pieces.length; i += BATCH) {
      const rows = await tx
        .insert(catalogue)
        .values(
          file.pieces.slice(i, i + BATCH).map((p) => ({
            tokenId: p.tokenId,
            name: p.name,
            description: p.description,
            tier: p.tier,
            artistId: p.artistId ?? null,
            colorCount: p.colorCount,
            symmetry: p.symmetry,
          })),
        )
        // Curated rows (an admin's artist, an approved submission's piece) keep what was chosen.
        .onConflictDoUpdate({ target: catalogue.tokenId, set: pieceUpsert.set, setWhere: sql`${catalogue.curatedAt} is null and (${pieceUpsert.setWhere})` })
        .returning({ inserted: insertedFlag });
      count(rows, result.pieces);
    }
    return result;
  });
}
