import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FrozenOrder, ReleaseFrozenOrderResponse } from "@pixlings/shared/http/checkout";
import { adminQueries } from "../../../api/adminQueries.ts";
import { apiRequest } from "../../../api/apiClient.ts";
import { formatCents } from "../../../card/cardPrices.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { ui } from "../../../components/ui.ts";
import { formatDateTime } from "../../../format/format.ts";
import { apiMessage } from "../../../errors/accountErrors.ts";
import { Badge } from "../../../submissions/StatusBadge.tsx";
import { toast } from "../../../toast/toastStore.ts";

const pixList = (ids: readonly number[]): string => ids.map((id) => `Pix #${id}`).join(", ");

function badgeOf(order: FrozenOrder): { label: string; tone: "red" | "yellow" | "neutral" } {
  if (order.frozen?.forGood) return { label: "Frozen for good", tone: "red" };
  if (order.frozen) return { label: "Frozen", tone: "yellow" };
  return { label: "Payment refused", tone: "neutral" };
}

function OrderItem({ order, onRelease }: { order: FrozenOrder; onRelease(): void }) {
  const badge = badgeOf(order);
  return (
    <article aria-label={`Order ${order.orderId}`} className={`${ui.card} flex flex-col gap-2`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{pixList(order.tokenIds)}</h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="text-sm">{order.frozen?.reason ?? order.paymentProblem}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className={ui.muted}>Buyer</dt>
        <dd className="break-all">{order.buyer.email ?? order.buyer.name ?? `user ${order.buyer.userId}`}</dd>
        <dt className={ui.muted}>Order</dt>
        <dd className="font-mono text-xs break-all">
          {order.orderId} ({order.state})
        </dd>
        <dt className={ui.muted}>Charged</dt>
        <dd>
          {formatCents(order.amount)}
          {order.stripeRefundedAmount > 0 && `, ${formatCents(order.stripeRefundedAmount)} refunded at Stripe`}
          {order.refundedAmount > 0 && ` (${formatCents(order.refundedAmount)} by the shop)`}
        </dd>
        {order.dispute && (
          <>
            <dt className={ui.muted}>Dispute</dt>
            <dd className="break-all">
              {order.dispute.status.replaceAll("_", " ")}
              {order.dispute.reason && `, ${order.dispute.reason.replaceAll("_", " ")}`} ({order.dispute.id})
            </dd>
          </>
        )}
        {order.fraudWarning && (
          <>
            <dt className={ui.muted}>Fraud warning</dt>
            <dd className="break-all">
              {order.fraudWarning.fraudType?.replaceAll("_", " ") ?? "reported"} ({order.fraudWarning.id})
            </dd>
          </>
        )}
        {order.paymentIntentId && (
          <>
            <dt className={ui.muted}>PaymentIntent</dt>
            <dd className="font-mono text-xs break-all">{order.paymentIntentId}</dd>
          </>
        )}
        <dt className={ui.muted}>{order.frozen ? "Frozen since" : "Updated"}</dt>
        <dd>{formatDateTime(order.frozen?.since ?? order.updatedAt)}</dd>
      </dl>
      {order.frozen?.releasable && (
        <button type="button" className={`${ui.secondary} ${ui.small} self-start`} onClick={onRelease}>
          Release
        </button>
      )}
    </article>
  );
}

/**
 * The frozen tab: card orders whose Pix may not leave custody (a dispute, a refund made outside the
 * shop, a fraud warning: the reason, the dispute, what Stripe refunded) and those whose payment the
 * shop refused when it checked it with Stripe, newest first.
 */
export function FrozenOrdersTab() {
  const queryClient = useQueryClient();
  const orders = useQuery(adminQueries.frozenOrders());
  const [releasing, setReleasing] = useState<FrozenOrder | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-bold">Frozen Orders</h2>
      <p className={`text-sm ${ui.muted}`}>
        Card orders whose Pix stay in custody (Mint to Wallet refused) while a dispute, a refund made outside the shop or a fraud warning is open; a dispute the
        shop wins unfreezes its order. A fraud warning or a partial refund is yours to review: release it once you have. Payments the shop refused at its check
        with Stripe are listed too.
      </p>
      <QueryState query={orders} what="frozen orders" empty="No frozen orders.">
        {(list) => (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((order) => (
              <OrderItem key={order.orderId} order={order} onRelease={() => setReleasing(order)} />
            ))}
          </div>
        )}
      </QueryState>
      {releasing && (
        <ConfirmDialog
          title={`Release ${pixList(releasing.tokenIds)}?`}
          text={`${releasing.frozen?.reason ?? ""}. Once released, the buyer may move these Pix to a wallet; a newer warning, refund or dispute freezes the order again. Recorded in the audit log.`}
          confirm="Release"
          onClose={() => setReleasing(null)}
          onConfirm={async () => {
            try {
              const done = await apiRequest<ReleaseFrozenOrderResponse>(`/api/admin/frozen-orders/${releasing.orderId}/release`, { method: "POST" });
              toast({ title: "Order Released", description: done.message });
              setReleasing(null);
              await queryClient.invalidateQueries({ queryKey: ["admin", "frozen-orders"] });
            } catch (error) {
              throw new Error(apiMessage(error) ?? "Failed to release the order. Please try again.");
            }
          }}
        />
      )}
    </div>
  );
}
