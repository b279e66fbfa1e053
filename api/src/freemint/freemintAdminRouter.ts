import { Router, type Response } from "express";
import { desc } from "drizzle-orm";
import { z } from "zod";
import { FREEMINT_CARD_TYPES, type CreateFreemintCardRequest, type FreemintCard, type FreemintCardType } from "@pixlings/shared/http/checkout";
import { adminOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { freemintCards } from "../db/schema.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { newFreemintCode } from "./freemintCode.ts";
import { toFreemintCard } from "./toFreemintCard.ts";

/** The Pix a card of each type mints, and its slots unless the admin gives more. */
const PIX_PER_CARD: Readonly<Record<FreemintCardType, number>> = { "3pix": 3, "6pix": 6, "9pix": 9 };
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

/** `GET /api/admin/freemint-cards` (newest first) and `POST /api/admin/freemint-cards`: admins only. */
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
        totalSlots: body.totalSlots ?? PIX_PER_CARD[body.cardType],
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdBy: userOf(res).id,
      };
      // A fresh code clashing with an old one is one in 10^12: draw again rather than fail.
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await db
            .insert(freemintCards)
            .values({ ...values, code: newFreemintCode() })
            .returning();
          res.status(201).set("Cache-Control", "no-store").json(toFreemintCard(row!));
          return;
        } catch (error) {
          if (attempt >= 3 || !hasPgErrorCode(error, PG_ERROR.uniqueViolation)) throw error;
        }
      }
    }),
  );
  return router;
}
