import { Router, type Response } from "express";
import { z } from "zod";
import type { FrozenOrder } from "@pixlings/shared/http/checkout";
import { adminOnly } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { type FrozenOrderRow, frozenOrders } from "../sale/cardOrderRows.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";

type Row = FrozenOrderRow;

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
      const rows = await frozenOrders(db, query.limit ?? 100);
      res.set("Cache-Control", "no-store").json(rows.map(toFrozenOrder));
    }),
  );
  return router;
}
