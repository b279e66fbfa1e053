import { Router, type Response } from "express";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdminArtist, AdminArtists, CreateArtistRequest, MessageResponse, UpdateArtistRequest } from "@pixlings/shared/http/admin";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { artists } from "../db/tables/catalogue.ts";
import { submissions } from "../db/tables/submissions.ts";
import { adminOnly, userOf } from "../auth/roles.ts";
import { currentArtistStats, toArtist } from "../artists/toArtist.ts";
import { notFound } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";
import type { Market } from "../market/market.ts";
import { artistBio, artistEmail, artistName, artistWebsite } from "./artistFields.ts";
import { deleteArtist } from "./deleteArtist.ts";
import { createArtist, updateArtist } from "./saveArtist.ts";

const CreateBody = requestBody<CreateArtistRequest>()(
  z.object({
    name: artistName,
    email: artistEmail,
    bio: artistBio.optional(),
    website: artistWebsite.optional(),
    isApproved: z.boolean().optional(),
    isVerified: z.boolean().optional(),
  }),
);

const UpdateBody = requestBody<UpdateArtistRequest>()(
  z.object({
    name: artistName.optional(),
    email: artistEmail.optional(),
    bio: artistBio.optional(),
    website: artistWebsite.optional(),
    isApproved: z.boolean().optional(),
    isVerified: z.boolean().optional(),
  }),
);

const idParams = z.object({ id: positiveIntString("id") });

/**
 * The admin area's artists (role: admin): `GET /api/admin/artists` and `/api/admin/artists-temp`
 * (the same list, with pieces, sales and revenue), `POST /api/admin/artists`,
 * `PATCH /api/admin/artists/{id}`, `DELETE /api/admin/artists/{id}`.
 */
export function adminArtistsRouter({ db, config, market }: { db: Db; config: ApiConfig; market: Market }): Router {
  const router = Router();
  const admins = adminOnly({ db, config });

  const list = async (): Promise<AdminArtist[]> => {
    const rows = await db
      .select()
      .from(artists)
      .orderBy(asc(sql`lower(${artists.name})`), asc(artists.id));
    const counts = await db
      .select({ artistId: submissions.artistId, pending: sql<number>`count(*)::integer` })
      .from(submissions)
      .where(eq(submissions.status, "pending"))
      .groupBy(submissions.artistId);
    const pending = new Map(counts.map((row) => [row.artistId, row.pending]));
    const stats = await currentArtistStats(market);
    return rows.map((artist) => ({
      ...toArtist(artist, stats.get(artist.id)),
      hasAccount: artist.userId !== null,
      pendingSubmissions: pending.get(artist.id) ?? 0,
    }));
  };
  const one = async (id: number): Promise<AdminArtist> => {
    const found = (await list()).find((artist) => artist.id === id);
    if (!found) throw notFound(`No artist ${id}`);
    return found;
  };

  for (const path of ["/api/admin/artists", "/api/admin/artists-temp"]) {
    router.get(
      path,
      admins,
      route({}, async (_input, _req, res: Response<AdminArtists>) => {
        res.set("Cache-Control", "no-store").json(await list());
      }),
    );
  }

  router.post(
    "/api/admin/artists",
    admins,
    route({ body: CreateBody }, async ({ body }, _req, res: Response<AdminArtist>) => {
      const id = await createArtist(db, userOf(res), body);
      res.status(201).json(await one(id));
    }),
  );

  router.patch(
    "/api/admin/artists/:id",
    admins,
    route({ params: idParams, body: UpdateBody }, async ({ params, body }, _req, res: Response<AdminArtist>) => {
      await updateArtist(db, userOf(res), params.id, body);
      market.invalidateCatalogue();
      res.json(await one(params.id));
    }),
  );

  router.delete(
    "/api/admin/artists/:id",
    admins,
    route({ params: idParams }, async ({ params }, _req, res: Response<MessageResponse>) => {
      const name = await deleteArtist(db, userOf(res), params.id);
      res.json({ message: `Artist ${name} deleted` });
    }),
  );

  return router;
}
