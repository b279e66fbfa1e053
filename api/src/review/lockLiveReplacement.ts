import { and, eq, isNull } from "drizzle-orm";
import type { DbTransaction } from "../db/openDatabase.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { submissions } from "../db/tables/submissions.ts";
import { notFound } from "../http/HttpError.ts";
import { replacementState, type JobRow, type ReplacementRow } from "./replacementView.ts";
import type { ReplacementState } from "@pixlings/shared/http/submissions";

interface LockedReplacement {
  submission: { status: string; artistId: number | null; name: string };
  /** The submission's live replacement, locked for the transaction; undefined when it has none. */
  replacement: ReplacementRow | undefined;
  jobs: JobRow[];
  state: ReplacementState | null;
}

/** A submission (404 when unknown) with its live Approve & Replace locked and its jobs, for an admin's retry or abandon. */
export async function lockLiveReplacement(tx: DbTransaction, submissionId: number): Promise<LockedReplacement> {
  const [submission] = await tx
    .select({ status: submissions.status, artistId: submissions.artistId, name: submissions.name })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!submission) throw notFound(`No submission ${submissionId}`);
  const [replacement] = await tx
    .select()
    .from(artReplacements)
    .where(and(eq(artReplacements.submissionId, submissionId), isNull(artReplacements.finishedAt)))
    .for("update");
  const jobs = replacement ? await tx.select().from(replacementJobs).where(eq(replacementJobs.replacementId, replacement.id)) : [];
  return { submission, replacement, jobs, state: replacement ? replacementState(replacement, jobs) : null };
}
