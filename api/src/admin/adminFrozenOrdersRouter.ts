import { Router, type Response } from "express";
import { z } from "zod";
import type { FrozenOrder, ReleaseFrozenOrderResponse } from "@pixlings/shared/http/checkout";
import { adminOnly, userOf } from "../auth/roles.ts";
import { eq } from "drizzle-orm";
import { users } from "../db/tables/accounts.ts";
import { freezeOf, isReleasable } from "../sale/freezeOf.ts";
import { releaseFrozenOrder } from "../sale/releaseFrozenOrder.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { type CardOrderRow, frozenOrders } from "../sale/cardOrderRows.ts";
import { route } from "../http/route.ts";
import { orderIdString, positiveIntString } from "../http/schemas.ts";

type Order = CardOrderRow;
type Buyer = { email: string | null; firstName: string | null; username: string | null };
type Row = { order: Order; buyer: Buyer };

/** Whether an admin may release the order's freeze now: one the shop reviews itself, with Stripe's latest word read. */
function releasable(order: Order): boolean {
  if (order.frozenReason === null || order.frozenForGood || order.paymentEventsChecked < order.paymentEvents) return false;
  const freeze = freezeOf(order);
  return freeze !== null && isReleasable(freeze);
}

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
        : {
            reason: order.frozenReason,
            since: (order.frozenAt ?? order.updatedAt).toISOString(),
            forGood: order.frozenForGood,
            releasable: releasable(order),
          },
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
 * with Stripe, newest first; and `POST /api/admin/frozen-orders/{orderId}/release` (admin,
 * audited): a reviewed fraud warning or outside refund let go (docs/card-sales.md, "Disputes and
 * refunds").
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
  router.post(
    "/api/admin/frozen-orders/:orderId/release",
    adminOnly({ db, config }),
    route({ params: z.object({ orderId: orderIdString }) }, async ({ params }, _req, res: Response<ReleaseFrozenOrderResponse>) => {
      const admin = userOf(res);
      const order = await db.transaction((tx) => releaseFrozenOrder(tx, admin, params.orderId));
      const [buyer] = await db
        .select({ email: users.email, firstName: users.firstName, username: users.username })
        .from(users)
        .where(eq(users.id, order.userId));
      const pix = order.tokenIds.map((id) => `Pix #${id}`).join(", ");
      res.set("Cache-Control", "no-store").json({
        message:
          order.frozenReason === null ? `Released: ${pix} may move to the buyer's wallet` : `Released what was reviewed; still frozen: ${order.frozenReason}`,
        order: toFrozenOrder({ order, buyer: buyer ?? { email: null, firstName: null, username: null } }),
      });
    }),
  );
  return router;
}
