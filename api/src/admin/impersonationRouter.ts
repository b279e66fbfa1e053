import { Router, type Response } from "express";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { CurrentImpersonation, ImpersonationStarted, MessageResponse } from "@pixlings/shared/http/admin";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { artistImpersonations } from "../db/tables/adminAudit.ts";
import { artists } from "../db/tables/catalogue.ts";
import { adminOnly, userOf } from "../auth/roles.ts";
import { findActingArtist } from "../impersonation/actingArtist.ts";
import { currentArtistStats, toArtist } from "../artists/toArtist.ts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";
import type { Market } from "../market/market.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { toImpersonation } from "../impersonation/toImpersonation.ts";

/**
 * Impersonation (role: admin): `GET /api/admin/impersonation` (the session's, if any),
 * `POST /api/admin/artist-login/{id}` makes this session's artist
 * routes act as artist `id` (recorded on the session: `artist_impersonations`), until
 * `POST /api/admin/artist-logout`, another artist-login, the session ends, or
 * IMPERSONATION_MAX_MINUTES have passed (`findActingArtist` no longer sees it). Each start and end,
 * and every artist-route action meanwhile, is in the audit log as the admin's.
 */
export function impersonationRouter({ db, config, market }: { db: Db; config: ApiConfig; market: Market }): Router {
  const router = Router();
  const admins = adminOnly({ db, config });

  const endLive = (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], sessionId: string) =>
    tx
      .update(artistImpersonations)
      .set({ endedAt: new Date() })
      .where(and(eq(artistImpersonations.sessionId, sessionId), isNull(artistImpersonations.endedAt)))
      .returning({ artistId: artistImpersonations.artistId });

  router.post(
    "/api/admin/artist-login/:id",
    admins,
    route({ params: z.object({ id: positiveIntString("id") }) }, async ({ params }, _req, res: Response<ImpersonationStarted>) => {
      const admin = userOf(res);
      const [artist] = await db.select().from(artists).where(eq(artists.id, params.id));
      if (!artist) throw notFound(`No artist ${params.id}`);
      const started = await db.transaction(async (tx) => {
        await endLive(tx, admin.sessionId);
        const [row] = await tx.insert(artistImpersonations).values({ sessionId: admin.sessionId, adminUserId: admin.id, artistId: artist.id }).returning();
        await recordAudit(tx, admin, { action: "impersonation.start", artistId: artist.id, detail: artist.name });
        return row!;
      });
      res.json({
        artist: toArtist(artist, (await currentArtistStats(market)).get(artist.id)),
        message: `Viewing the artist dashboard as ${artist.name}`,
        impersonation: toImpersonation(artist, admin, started.startedAt),
      });
    }),
  );

  router.post(
    "/api/admin/artist-logout",
    admins,
    route({}, async (_input, _req, res: Response<MessageResponse>) => {
      const admin = userOf(res);
      const ended = await db.transaction(async (tx) => {
        const rows = await endLive(tx, admin.sessionId);
        for (const row of rows) await recordAudit(tx, admin, { action: "impersonation.end", artistId: row.artistId });
        return rows.length;
      });
      res.json({ message: ended > 0 ? "Stopped viewing as the artist" : "No artist was being viewed" });
    }),
  );

  router.get(
    "/api/admin/impersonation",
    admins,
    route({}, async (_input, _req, res: Response<CurrentImpersonation>) => {
      const admin = userOf(res);
      const acting = await findActingArtist(db, admin);
      const impersonation = acting?.impersonation ? toImpersonation(acting.artist, admin, acting.impersonation.startedAt) : null;
      res.set("Cache-Control", "no-store").json({ impersonation });
    }),
  );

  return router;
}
