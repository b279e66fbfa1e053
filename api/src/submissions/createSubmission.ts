import type { Art } from "@pixlings/shared/art/codec";
import type { Db } from "../db/openDatabase.ts";
import { submissions } from "../db/tables/submissions.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { toStored } from "../artwork/storedArt.ts";
import type { SessionUser } from "../users/sessionUser.ts";

export interface NewSubmission {
  name: string;
  description: string | null;
  art: Art;
  /** null: an admin's own upload (POST /api/admin/upload). */
  artistId: number | null;
  targetTokenId?: number | null;
  /** The admin who creates it (an upload, or while impersonating the artist): recorded and audited. */
  byAdmin: SessionUser | null;
  /** The audit log's action name when `byAdmin`. */
  auditAction?: string;
}

/** Stores a pending submission (and, when an admin made it, the audit entry, in one transaction); answers its id. */
export async function createSubmission(db: Db, fresh: NewSubmission): Promise<number> {
  return db.transaction(async (tx) => {
    const stored = toStored(fresh.art);
    const [row] = await tx
      .insert(submissions)
      .values({
        artistId: fresh.artistId,
        name: fresh.name,
        description: fresh.description,
        ...stored,
        targetTokenId: fresh.targetTokenId ?? null,
        createdByAdminId: fresh.byAdmin?.id ?? null,
      })
      .returning({ id: submissions.id });
    if (!row) throw new Error("insert returned no row");
    if (fresh.byAdmin) {
      await recordAudit(tx, fresh.byAdmin, {
        action: fresh.auditAction ?? "submission.create",
        artistId: fresh.artistId,
        submissionId: row.id,
        tokenId: fresh.targetTokenId ?? null,
        detail: `"${fresh.name}"`,
      });
    }
    return row.id;
  });
}
