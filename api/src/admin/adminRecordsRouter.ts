import { Router, type Response } from "express";
import { desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { toPixelArt } from "@pixlings/shared/art/pixelArt";
import { DISPLACED_PAGE_SIZE, type AuditEntry, type DisplacedList, type DisplacedOriginal } from "@pixlings/shared/http/admin";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { adminAuditLog } from "../db/tables/adminAudit.ts";
import { artists } from "../db/tables/catalogue.ts";
import { artReplacements } from "../db/tables/artReplacements.ts";
import { submissions } from "../db/tables/submissions.ts";
import { adminOnly } from "../auth/roles.ts";
import { colorCount } from "@pixlings/shared/art/codec";
import { sendPiecePng, imageSizeQuery } from "../artwork/sendPiecePng.ts";
import { fromStored } from "../artwork/storedArt.ts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";

/**
 * What the admin area keeps on record (role: admin): the displaced originals
 * (`GET /api/admin/displaced?limit=12`, newest first, and `GET /api/admin/displaced/{id}/image`)
 * and the audit log (`GET /api/admin/audit-log?limit=100`).
 */
export function adminRecordsRouter({ db, config }: { db: Db; config: ApiConfig }): Router {
  const router = Router();
  const admins = adminOnly({ db, config });

  router.get(
    "/api/admin/displaced",
    admins,
    route({ query: z.object({ limit: positiveIntString("limit", 100).optional() }) }, async ({ query }, _req, res: Response<DisplacedList>) => {
      const rows = await db
        .select({ replacement: artReplacements, artistName: artists.name, submissionName: submissions.name })
        .from(artReplacements)
        .innerJoin(submissions, eq(submissions.id, artReplacements.submissionId))
        .leftJoin(artists, eq(artists.id, artReplacements.oldArtistId))
        .where(isNotNull(artReplacements.finishedAt))
        .orderBy(desc(artReplacements.finishedAt), desc(artReplacements.id))
        .limit(query.limit ?? DISPLACED_PAGE_SIZE);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::integer` })
        .from(artReplacements)
        .where(isNotNull(artReplacements.finishedAt));
      const originals = rows.map(({ replacement: r, artistName, submissionName }): DisplacedOriginal => {
        const art = fromStored({ palette: r.oldPalette, pixels: r.oldPixels });
        return {
          id: r.id,
          tokenId: r.tokenId,
          name: r.oldName,
          description: r.oldDescription,
          rarity: r.oldTier,
          artistId: r.oldArtistId,
          artistName,
          art: toPixelArt(art),
          colorCount: colorCount(art),
          imageUrl: `/api/admin/displaced/${r.id}/image`,
          submissionId: r.submissionId,
          submissionName,
          replacedAt: r.finishedAt!.toISOString(),
        };
      });
      res.set("Cache-Control", "no-store").json({ originals, total });
    }),
  );

  router.get(
    "/api/admin/displaced/:id/image",
    admins,
    route({ params: z.object({ id: positiveIntString("id") }), query: imageSizeQuery }, async ({ params, query }, _req, res: Response<Buffer>) => {
      const [row] = await db
        .select({ palette: artReplacements.oldPalette, pixels: artReplacements.oldPixels })
        .from(artReplacements)
        .where(sql`${artReplacements.id} = ${params.id} and ${artReplacements.finishedAt} is not null`);
      if (!row) throw notFound(`No displaced original ${params.id}`);
      sendPiecePng(res, fromStored(row), query.size, "private, max-age=3600");
    }),
  );

  router.get(
    "/api/admin/audit-log",
    admins,
    route({ query: z.object({ limit: positiveIntString("limit", 500).optional() }) }, async ({ query }, _req, res: Response<AuditEntry[]>) => {
      const rows = await db
        .select()
        .from(adminAuditLog)
        .orderBy(desc(adminAuditLog.id))
        .limit(query.limit ?? 100);
      res.set("Cache-Control", "no-store").json(
        rows.map((row) => ({
          id: row.id,
          admin: row.admin,
          action: row.action,
          artistId: row.artistId,
          submissionId: row.submissionId,
          tokenId: row.tokenId,
          detail: row.detail,
          createdAt: row.createdAt.toISOString(),
        })),
      );
    }),
  );

  return router;
}
