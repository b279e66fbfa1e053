import { Router, type Response } from "express";
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import {
  SUBMISSION_LIST_FILTERS,
  type AbandonReplacementResponse,
  type AdminSubmissions,
  type ApproveSubmissionRequest,
  type MessageResponse,
  type RejectSubmissionRequest,
  type RetryReplacementResponse,
} from "@pixlings/shared/http/admin";
import { SUBMISSION_LIMITS, type Submission } from "@pixlings/shared/http/submissions";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { submissions } from "../db/tables/submissions.ts";
import { adminOnly, userOf } from "../auth/roles.ts";
import { notFound } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";
import { storyText } from "../owners/storyText.ts";
import { abandonReplacement } from "../review/abandonReplacement.ts";
import { approveSubmission, type ApproveDeps } from "../review/approveSubmission.ts";
import { deleteSubmission } from "../review/deleteSubmission.ts";
import { rejectSubmission } from "../review/rejectSubmission.ts";
import { retryReplacement } from "../review/retryReplacement.ts";
import { chatReaderOf } from "../submissions/chatReads.ts";
import { loadSubmissionView, loadSubmissionViews, type SubmissionViewDeps } from "../submissions/submissionViews.ts";
import type { SessionUser } from "../users/sessionUser.ts";

const { firstTokenId, totalSupply } = COLLECTION;
const INVALID_TOKEN_ID = `Invalid token ID. Must be between ${firstTokenId} and ${totalSupply}`;

const adminNotes = storyText("adminNotes", SUBMISSION_LIMITS.adminNotesMax, { lineBreaks: true });

const ApproveBody = requestBody<ApproveSubmissionRequest>()(
  z.object({
    targetTokenId: z
      .number({ error: "Missing Information: Please provide a target token ID." })
      .int(INVALID_TOKEN_ID)
      .min(firstTokenId, INVALID_TOKEN_ID)
      .max(totalSupply, INVALID_TOKEN_ID),
    artVersion: z
      .number({ error: "Missing Information: the art version you reviewed (artVersion): reload the submission and look at it again" })
      .int("artVersion must be a whole number")
      .min(1, "artVersion must be at least 1"),
    adminNotes: adminNotes.optional(),
  }),
);

const RejectBody = requestBody<RejectSubmissionRequest>()(
  z.object({
    adminNotes: adminNotes.refine((notes) => notes !== null, "Please provide a reason for rejection").transform((notes): string => notes!),
  }),
);

const idParams = z.object({ id: positiveIntString("id") });
const listQuery = z.object({ status: z.enum(SUBMISSION_LIST_FILTERS, { error: `must be ${SUBMISSION_LIST_FILTERS.join(", ")}` }).optional() });

/**
 * Review (role: admin): the lists `GET /api/admin/submissions?status=`, `/api/admin/approved-submissions`,
 * one `GET /api/admin/submissions/{id}`, and `PATCH .../{id}/approve` (Approve & Replace, 202),
 * `POST .../{id}/retry` (202), `POST .../{id}/abandon` (202), `PATCH .../{id}/reject`,
 * `DELETE /api/admin/submissions/{id}`.
 */
export function adminSubmissionsRouter(deps: {
  db: Db;
  config: ApiConfig;
  views: SubmissionViewDeps;
  approve: ApproveDeps;
  kick(): void;
  onHoldChanged(): void;
}): Router {
  const { db, config, views } = deps;
  const router = Router();
  const admins = adminOnly({ db, config });
  const view = async (id: number, user: SessionUser): Promise<Submission> => {
    const found = await loadSubmissionView({ ...views, reader: chatReaderOf(user) }, id);
    if (!found) throw notFound(`No submission ${id}`);
    return found;
  };

  router.get(
    "/api/admin/submissions",
    admins,
    route({ query: listQuery }, async ({ query }, _req, res: Response<AdminSubmissions>) => {
      const status = query.status ?? "pending";
      const reading = { ...views, reader: chatReaderOf(userOf(res)) };
      res.set("Cache-Control", "no-store").json(await loadSubmissionViews(reading, status === "all" ? undefined : eq(submissions.status, status)));
    }),
  );

  router.get(
    "/api/admin/approved-submissions",
    admins,
    route({}, async (_input, _req, res: Response<AdminSubmissions>) => {
      const approved = await loadSubmissionViews({ ...views, reader: chatReaderOf(userOf(res)) }, eq(submissions.status, "approved"), [
        sql`${submissions.approvedAt} desc nulls last`,
        desc(submissions.id),
      ]);
      res.set("Cache-Control", "no-store").json(approved);
    }),
  );

  router.get(
    "/api/admin/submissions/:id",
    admins,
    route({ params: idParams }, async ({ params }, _req, res: Response<Submission>) => {
      res.set("Cache-Control", "no-store").json(await view(params.id, userOf(res)));
    }),
  );

  router.patch(
    "/api/admin/submissions/:id/approve",
    admins,
    route({ params: idParams, body: ApproveBody }, async ({ params, body }, _req, res: Response<Submission>) => {
      try {
        await approveSubmission(deps.approve, userOf(res), params.id, {
          targetTokenId: body.targetTokenId,
          artVersion: body.artVersion,
          adminNotes: body.adminNotes,
        });
      } finally {
        // Also after a refusal: the hold may have been taken, then dropped when a check failed.
        deps.onHoldChanged();
      }
      deps.kick();
      res.status(202).json(await view(params.id, userOf(res)));
    }),
  );

  router.post(
    "/api/admin/submissions/:id/retry",
    admins,
    route({ params: idParams }, async ({ params }, _req, res: Response<RetryReplacementResponse>) => {
      await retryReplacement(db, userOf(res), params.id);
      deps.kick();
      res.status(202).json(await view(params.id, userOf(res)));
    }),
  );

  router.post(
    "/api/admin/submissions/:id/abandon",
    admins,
    route({ params: idParams }, async ({ params }, _req, res: Response<AbandonReplacementResponse>) => {
      await abandonReplacement(db, userOf(res), params.id);
      deps.kick();
      res.status(202).json(await view(params.id, userOf(res)));
    }),
  );

  router.patch(
    "/api/admin/submissions/:id/reject",
    admins,
    route({ params: idParams, body: RejectBody }, async ({ params, body }, _req, res: Response<Submission>) => {
      await rejectSubmission(db, userOf(res), params.id, body.adminNotes);
      res.json(await view(params.id, userOf(res)));
    }),
  );

  router.delete(
    "/api/admin/submissions/:id",
    admins,
    route({ params: idParams }, async ({ params }, _req, res: Response<MessageResponse>) => {
      await deleteSubmission(db, userOf(res), params.id);
      res.json({ message: `Submission ${params.id} deleted` });
    }),
  );

  return router;
}
