import { and, asc, desc, eq, gt, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { ArtActivity } from "@pixlings/shared/http/activity";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { artists } from "../db/tables/catalogue.ts";
import { submissions } from "../db/tables/submissions.ts";
import { artEventId } from "./activityIds.ts";

/** A finished replacement's place in the art source: when it finished (unix ms), then its id. */
export interface ArtPosition {
  ms: number;
  id: number;
}

export interface ArtEventRow extends ArtPosition {
  tokenId: number;
  name: string;
  artistName: string | null;
}

const r = artReplacements;
const finishedMs = sql<number>`(extract(epoch from ${r.finishedAt}) * 1000)::bigint`;

async function select(db: Db, where: SQL | undefined, order: "asc" | "desc", limit: number): Promise<ArtEventRow[]> {
  const rows = await db
    .select({ id: r.id, ms: finishedMs, tokenId: r.tokenId, name: submissions.name, artistName: artists.name })
    .from(r)
    .innerJoin(submissions, eq(submissions.id, r.submissionId))
    .leftJoin(artists, eq(artists.id, submissions.artistId))
    .where(and(isNotNull(r.finishedAt), where))
    .orderBy(...(order === "asc" ? [asc(r.finishedAt), asc(r.id)] : [desc(r.finishedAt), desc(r.id)]))
    .limit(limit);
  return rows.map((row) => ({ ...row, ms: Number(row.ms) }));
}

const after = (p: ArtPosition): SQL => or(gt(finishedMs, p.ms), and(eq(finishedMs, p.ms), gt(r.id, p.id)))!;
const before = (p: ArtPosition): SQL => or(lt(finishedMs, p.ms), and(eq(finishedMs, p.ms), lt(r.id, p.id)))!;

/**
 * Replacements finished past `from` (all with none), oldest first, at most `limit`. Finishes
 * commit in the order of their times (finishReplacement.ts), so reading on from the last one seen
 * misses none.
 */
export const readArtAfter = (db: Db, from: ArtPosition | undefined, limit: number): Promise<ArtEventRow[]> => select(db, from && after(from), "asc", limit);

/** Replacements finished before `to` (every one without), newest first, at most `limit`. */
export const readArtBefore = (db: Db, to: ArtPosition | undefined, limit: number): Promise<ArtEventRow[]> => select(db, to && before(to), "desc", limit);

/** The finished replacement `id`, if there is one. */
export const readArtEvent = async (db: Db, id: number): Promise<ArtEventRow | undefined> => (await select(db, eq(r.id, id), "asc", 1))[0];

/** The latest finished replacement's place (the art source's head), if any. */
export const readArtHead = async (db: Db): Promise<ArtPosition | undefined> => (await readArtBefore(db, undefined, 1))[0];

export const artEvent = (row: ArtEventRow): ArtActivity => ({
  id: artEventId(row.id),
  kind: "art_replaced",
  tokenId: row.tokenId,
  name: row.name,
  artistName: row.artistName,
  at: new Date(row.ms).toISOString(),
});
