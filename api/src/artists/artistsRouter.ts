import { Router, type RequestHandler, type Response } from "express";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { CurrentArtist, LivePixlings } from "@pixlings/shared/http/artists";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { ArtistSubmissions, Submission, UpdateSubmissionRequest, UploadSubmissionImageResponse } from "@pixlings/shared/http/submissions";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { submissions } from "../db/tables/submissions.ts";
import { toImpersonation } from "../impersonation/toImpersonation.ts";
import { artworkForm, artworkOf } from "../artwork/artworkForm.ts";
import { badRequest, notFound } from "../http/HttpError.ts";
import { hitRateLimit } from "../http/rateLimit.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";
import type { Market } from "../market/market.ts";
import { toNft } from "../nfts/toNft.ts";
import { createSubmission } from "../submissions/createSubmission.ts";
import { editSubmission } from "../submissions/editSubmission.ts";
import { MISSING_INFORMATION, SubmitFields, submissionDescription, submissionName } from "../submissions/submissionText.ts";
import { loadSubmissionView, loadSubmissionViews, type SubmissionViewDeps } from "../submissions/submissionViews.ts";
import { chatReaderOf } from "../submissions/chatReads.ts";
import { actingArtistOf, artistArea, type ActingArtist } from "../impersonation/actingArtist.ts";
import { currentArtistStats, toArtist } from "./toArtist.ts";

/** Uploads cost a conversion each: per acting user. */
const UPLOADS = { name: "artist-upload", limit: 30, windowMs: 60_000 };

const UpdateBody = requestBody<UpdateSubmissionRequest>()(
  z.object({
    name: submissionName
      .refine((name) => name !== null, "Artist submissions need a name")
      .transform((name): string => name!)
      .optional(),
    description: submissionDescription.optional(),
  }),
);

const idParams = z.object({ id: positiveIntString("id") });

/**
 * The artist area: `GET /api/artists/current` (any artist profile, approved or not; an admin
 * impersonating one), and for approved artists `GET /api/artists/submissions`,
 * `GET /api/artists/live-pixlings`, `POST /api/artists/submit`, `PATCH /api/artists/submissions/{id}`
 * and `POST /api/artists/submissions/upload-image` (role: artist).
 */
export function artistsRouter(deps: { db: Db; config: ApiConfig; market: Market; views: SubmissionViewDeps }): Router {
  const { db, config, market, views } = deps;
  const router = Router();
  const anyArtist = artistArea({ db, config }, { approvedOnly: false });
  const approved = artistArea({ db, config }, { approvedOnly: true });
  const uploadLimit: RequestHandler = async (_req, res, next) => {
    await hitRateLimit(db, UPLOADS, `user:${actingArtistOf(res).user.id}`);
    next();
  };
  const ownSubmission = async (acting: ActingArtist, id: number): Promise<Submission> => {
    const [view] = await loadSubmissionViews(
      { ...views, reader: chatReaderOf(acting.user) },
      and(eq(submissions.id, id), eq(submissions.artistId, acting.artist.id)),
    );
    if (!view) throw notFound(`No submission ${id} of yours`);
    return view;
  };

  router.get(
    "/api/artists/current",
    anyArtist,
    route({}, async (_input, _req, res: Response<CurrentArtist>) => {
      const { artist, user, impersonation } = actingArtistOf(res);
      const stats = (await currentArtistStats(market)).get(artist.id);
      res.set("Cache-Control", "no-store").json({
        ...toArtist(artist, stats),
        impersonation: impersonation ? toImpersonation(artist, user, impersonation.startedAt) : null,
      });
    }),
  );

  router.get(
    "/api/artists/submissions",
    approved,
    route({}, async (_input, _req, res: Response<ArtistSubmissions>) => {
      const { artist, user } = actingArtistOf(res);
      res.set("Cache-Control", "no-store").json(await loadSubmissionViews({ ...views, reader: chatReaderOf(user) }, eq(submissions.artistId, artist.id)));
    }),
  );

  router.get(
    "/api/artists/live-pixlings",
    approved,
    route({}, async (_input, _req, res: Response<LivePixlings>) => {
      const { artist } = actingArtistOf(res);
      const state = await market.state();
      const pieces = [...state.catalogue.values()]
        .filter((entry) => entry.artist?.id === artist.id)
        .map((entry) => toNft(state, entry.tokenId))
        .filter((nft): nft is Nft => nft !== undefined);
      res.set("Cache-Control", "no-store").json(pieces);
    }),
  );

  router.post(
    "/api/artists/submit",
    approved,
    uploadLimit,
    artworkForm(),
    route({}, async (_input, req, res: Response<Submission>) => {
      const acting = actingArtistOf(res);
      const fields = SubmitFields.safeParse(req.body ?? {});
      if (!fields.success) throw badRequest(fields.error.issues.map((issue) => issue.message).join("; "));
      if (!fields.data.name) throw badRequest(MISSING_INFORMATION);
      const art = await artworkOf(req);
      if (!art) throw badRequest(MISSING_INFORMATION);
      const id = await createSubmission(db, {
        name: fields.data.name,
        description: fields.data.description ?? null,
        art,
        artistId: acting.artist.id,
        byAdmin: acting.impersonation ? acting.user : null,
        auditAction: "as-artist.submit",
      });
      res.status(201).json((await loadSubmissionView(views, id))!);
    }),
  );

  router.patch(
    "/api/artists/submissions/:id",
    approved,
    route({ params: idParams, body: UpdateBody }, async ({ params, body }, _req, res: Response<Submission>) => {
      const acting = actingArtistOf(res);
      await editSubmission(db, acting, params.id, body);
      res.json(await ownSubmission(acting, params.id));
    }),
  );

  router.post(
    "/api/artists/submissions/upload-image",
    approved,
    uploadLimit,
    artworkForm(),
    route({}, async (_input, req, res: Response<UploadSubmissionImageResponse>) => {
      const acting = actingArtistOf(res);
      const id = idParams.shape.id.safeParse(String((req.body as Record<string, unknown> | undefined)?.submissionId ?? ""));
      if (!id.success) throw badRequest("submissionId must be the id of one of your submissions");
      const art = await artworkOf(req);
      if (!art) throw badRequest("Please provide an image (or drawn art) for your artwork.");
      await editSubmission(db, acting, id.data, { art });
      res.json(await ownSubmission(acting, id.data));
    }),
  );

  return router;
}
