import { Router, type Response } from "express";
import { z } from "zod";
import type { AdminUploadResponse } from "@pixlings/shared/http/admin";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { adminOnly, userOf } from "../auth/roles.ts";
import { artworkForm, artworkOf } from "../artwork/artworkForm.ts";
import { badRequest, notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { tokenIdString } from "../http/schemas.ts";
import type { Market } from "../market/market.ts";
import { createSubmission } from "../submissions/createSubmission.ts";
import { submissionDescription, submissionName } from "../submissions/submissionText.ts";
import { loadSubmissionView, type SubmissionViewDeps } from "../submissions/submissionViews.ts";

const UploadFields = z.object({
  tokenId: z.string({ error: "tokenId is required" }).pipe(tokenIdString),
  name: submissionName.optional(),
  description: submissionDescription.optional(),
});

/**
 * `POST /api/admin/upload` (role: admin): an image (or drawn art) for a Pix becomes a pending
 * submission without artist, suggested for that Pix, to approve like any other: art never changes
 * off the Approve & Replace path.
 */
export function adminUploadRouter({ db, config, market, views }: { db: Db; config: ApiConfig; market: Market; views: SubmissionViewDeps }): Router {
  const router = Router();
  router.post(
    "/api/admin/upload",
    adminOnly({ db, config }),
    artworkForm(),
    route({}, async (_input, req, res: Response<AdminUploadResponse>) => {
      const fields = UploadFields.safeParse(req.body ?? {});
      if (!fields.success) throw badRequest(fields.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
      const entry = (await market.state()).catalogue.get(fields.data.tokenId);
      if (!entry) throw notFound(`No NFT found with token ID ${fields.data.tokenId}`);
      const art = await artworkOf(req);
      if (!art) throw badRequest("Please provide an image (or drawn art) for the Pix");
      const id = await createSubmission(db, {
        name: fields.data.name ?? entry.name,
        description: fields.data.description ?? null,
        art,
        artistId: null,
        targetTokenId: fields.data.tokenId,
        byAdmin: userOf(res),
        auditAction: "submission.upload",
      });
      const submission = (await loadSubmissionView(views, id))!;
      res.status(201).json({ path: submission.imageUrl, submission });
    }),
  );
  return router;
}
