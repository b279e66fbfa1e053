import type { Db, DbTransaction } from "../db/openDatabase.ts";
import { adminAuditLog } from "../db/tables/adminAudit.ts";
import type { SessionUser } from "../users/sessionUser.ts";

/** How the audit log and the impersonation banner name an admin: email, else first name. */
export const adminLabel = (user: Pick<SessionUser, "id" | "email" | "firstName">): string => user.email ?? user.firstName ?? `user ${user.id}`;

export interface AuditFacts {
  /** What was done: `submission.approve`, `artist.update`, `as-artist.submit`, ... */
  action: string;
  artistId?: number | null;
  submissionId?: number | null;
  tokenId?: number | null;
  detail?: string | null;
}

/** Records an admin's action (in `db`, or inside the transaction that did it). */
export async function recordAudit(db: Db | DbTransaction, admin: Pick<SessionUser, "id" | "email" | "firstName">, facts: AuditFacts): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminUserId: admin.id,
    admin: adminLabel(admin),
    action: facts.action,
    artistId: facts.artistId ?? null,
    submissionId: facts.submissionId ?? null,
    tokenId: facts.tokenId ?? null,
    detail: facts.detail ?? null,
  });
}
