import { Router, type Response } from "express";
import { desc, eq, isNotNull, or } from "drizzle-orm";
import { z } from "zod";
import type { FrozenOrder } from "@pixlings/shared/http/checkout";
import { adminOnly } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { cardOrders } from "../db/tables/cardOrders.ts";
import { users } from "../db/tables/accounts.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";

type Row = { order: typeof cardOrders.$inferSelect; buyer: { email: string | null; firstName: string | null; username: string | null } };

function toFrozenOrder({ order, buyer }: Row): FrozenOrder {
  return {
    orderId: order.id,
    buyer: { userId: order.userId, email: buyer.email, name: buyer.firstName ?? buyer.username },
    state: order.state,
    tokenIds: order.tokenIds,
    amount: order.amountCents,
    refundedAmount: order.refundedCents,
    stripeRefundedAmount: order.stripeRefundedCents,
    paymentIntentId: order.paymentIntentId,
    frozen:
      order.frozenReason === null
        ? null
        : { reason: order.frozenReason, since: (order.frozenAt ?? order.updatedAt).toISOString(), forGood: order.frozenForGood },
    dispute: order.disputeId === null ? null : { id: order.disputeId, status: order.disputeStatus ?? "unknown", reason: order.disputeReason },
    fraudWarning: order.fraudWarningId === null ? null : { id: order.fraudWarningId, fraudType: order.fraudType },
    paymentProblem: order.paymentProblem,
    paidAt: order.paidAt?.toISOString() ?? null,
    updatedAt: order.updatedAt.toISOString(),
  };
}

/**
 * `GET /api/admin/frozen-orders?limit=` (admin): card orders frozen by a dispute, a refund made
 * outside the shop or a fraud warning, and those whose payment the worker refused at its check
 * with Stripe, newest first (docs/card-sales.md, "Disputes and refunds").
 */
export function adminFrozenOrdersRouter({ db, config }: { db: Db; config: ApiConfig }): Router {
  const router = Router();
  router.get(
    "/api/admin/frozen-orders",
    adminOnly({ db, config }),
    route({ query: z.object({ limit: positiveIntString("limit", 500).optional() }) }, async ({ query }, _req, res: Response<FrozenOrder[]>) => {
      const rows = await db
        .select({ order: cardOrders, buyer: { email: users.email, firstName: users.firstName, username: users.username } })
        .from(cardOrders)
        .innerJoin(users, eq(users.id, cardOrders.userId))
        .where(or(isNotNull(cardOrders.frozenReason), isNotNull(cardOrders.paymentProblem)))
        .orderBy(desc(cardOrders.updatedAt), desc(cardOrders.id))
        .limit(query.limit ?? 100);
      res.set("Cache-Control", "no-store").json(rows.map(toFrozenOrder));
    }),
  );
  return router;
}
