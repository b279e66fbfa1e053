import { Router, type Response } from "express";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  FREEMINT_CARD_TYPES,
  FREEMINT_PIX,
  type CreateFreemintCardRequest,
  type FreemintCard,
  type UpdateFreemintCardRequest,
} from "@pixlings/shared/http/checkout";
import { recordAudit } from "../audit/recordAudit.ts";
import { adminOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { freemintCards } from "../db/tables/freemintCards.ts";
import { notFound } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";
import { newFreemintCode } from "./freemintCode.ts";
import { toFreemintCard } from "./toFreemintCard.ts";

const MAX_SLOTS = 999;

const CreateBody = requestBody<CreateFreemintCardRequest>()(
  z.object({
    cardType: z.enum(FREEMINT_CARD_TYPES, { error: "Please select a card type (3pix, 6pix or 9pix)" }),
    totalSlots: z
      .number({ error: "must be a number of Pix" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_SLOTS, `at most ${MAX_SLOTS}`)
      .optional(),
    expiresAt: z.iso
      .datetime({ offset: true, error: "must be an ISO date and time, e.g. 2026-12-31T23:59:00Z" })
      .refine((at) => Date.parse(at) > Date.now(), "must not be in the past")
      .nullable()
      .optional(),
  }),
);

const UpdateBody = requestBody<UpdateFreemintCardRequest>()(z.object({ isActive: z.boolean({ error: "must be true or false" }) }));

/** How the audit log names a card: its id and terms, never its code (the log is no place for a secret). */
const cardDetail = (card: typeof freemintCards.$inferSelect): string =>
  `card ${card.id}: ${card.cardType}, ${card.totalSlots} Pix, ${card.expiresAt ? `expires ${card.expiresAt.toISOString()}` : "no expiry"}`;

/**
 * `GET /api/admin/freemint-cards` (newest first), `POST /api/admin/freemint-cards` and
 * `PATCH /api/admin/freemint-cards/{id}` (on or off): admins only. Creating and switching a card
 * are recorded in the audit log (`freemint.create`, `freemint.activate`, `freemint.deactivate`), in
 * the same transaction.
 */
export function freemintAdminRouter({ config, db }: { config: ApiConfig; db: Db }): Router {
  const router = Router();
  const admin = adminOnly({ db, config });
  router.get(
    "/api/admin/freemint-cards",
    admin,
    route({}, async (_input, _req, res: Response<FreemintCard[]>) => {
      const rows = await db.select().from(freemintCards).orderBy(desc(freemintCards.createdAt), desc(freemintCards.id));
      res.set("Cache-Control", "no-store").json(rows.map(toFreemintCard));
    }),
  );
  router.post(
    "/api/admin/freemint-cards",
    admin,
    route({ body: CreateBody }, async ({ body }, _req, res: Response<FreemintCard>) => {
      const values = {
        cardType: body.cardType,
        totalSlots: body.totalSlots ?? FREEMINT_PIX[body.cardType],
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdBy: userOf(res).id,
      };
      const admin = userOf(res);
      // A fresh code clashing with an old one is one in 10^23: draw again rather than fail.
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await db.transaction(async (tx) => {
            const [created] = await tx
              .insert(freemintCards)
              .values({ ...values, code: newFreemintCode() })
              .returning();
            await recordAudit(tx, admin, { action: "freemint.create", detail: cardDetail(created!) });
            return created!;
          });
          res.status(201).set("Cache-Control", "no-store").json(toFreemintCard(row));
          return;
        } catch (error) {
          if (attempt >= 3 || !hasPgErrorCode(error, PG_ERROR.uniqueViolation)) throw error;
        }
      }
    }),
  );
  router.patch(
    "/api/admin/freemint-cards/:id",
    admin,
    route({ params: z.object({ id: positiveIntString("id") }), body: UpdateBody }, async ({ params, body }, _req, res: Response<FreemintCard>) => {
      const admin = userOf(res);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(freemintCards).set({ isActive: body.isActive }).where(eq(freemintCards.id, params.id)).returning();
        if (!updated) throw notFound(`No freemint card ${params.id}`);
        await recordAudit(tx, admin, { action: body.isActive ? "freemint.activate" : "freemint.deactivate", detail: cardDetail(updated) });
        return updated;
      });
      res.set("Cache-Control", "no-store").json(toFreemintCard(row));
    }),
  );
  return router;
}
