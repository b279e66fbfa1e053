import { asc, eq, isNull } from "drizzle-orm";
import type { Art } from "@pixlings/shared/art/codec";
import type { Db } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { oldArtOfJob } from "./jobArt.ts";

/** What the public keeps seeing of a Pix while its art is being replaced. */
interface ShownArt extends Art {
  version: number;
}

/** The live replacements' Pix with the art to show for them, and a key that changes whenever that set does. */
export interface OldArtWhileReplacing {
  key: string;
  pieces: Map<number, ShownArt>;
}

/**
 * While an Approve & Replace is live (writing, failed, waiting for the indexer, or being
 * abandoned), the public sees the Pix as it was before, never one chain's half-written state: the
 * art and version the store showed then (the lowest chain id's, as readAllArt picks), so an image
 * URL `?v=` never names two pictures. Once it is done (or undone) the indexed art shows again.
 */
export async function oldArtWhileReplacing(db: Db): Promise<OldArtWhileReplacing> {
  const rows = await db
    .select({ replacement: artReplacements, job: replacementJobs })
    .from(artReplacements)
    .leftJoin(replacementJobs, eq(replacementJobs.replacementId, artReplacements.id))
    .where(isNull(artReplacements.finishedAt))
    .orderBy(asc(artReplacements.id), asc(replacementJobs.chainId));
  const pieces = new Map<number, ShownArt>();
  const ids: number[] = [];
  for (const { replacement, job } of rows) {
    if (pieces.has(replacement.tokenId)) continue;
    ids.push(replacement.id);
    const { art, version } = oldArtOfJob(replacement, job ?? { oldPalette: null, oldPixels: null, oldVersion: null });
    pieces.set(replacement.tokenId, { ...art, version });
  }
  return { key: ids.join(","), pieces };
}
