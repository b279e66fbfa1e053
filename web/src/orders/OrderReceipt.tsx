import { useQuery } from "@tanstack/react-query";
import type { CardOrderView } from "@pixlings/shared/http/checkout";
import { queries } from "../api/queries.ts";
import { formatCents } from "../card/cardPrices.ts";
import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { ui } from "../components/ui.ts";
import { formatDateTime } from "../format/format.ts";
import { OrderLines } from "./OrderLines.tsx";

/** The states in which an order's card was charged. */
const PAID = new Set<CardOrderView["state"]>(["paid", "minting", "minted", "refunded"]);

/** The order number a buyer quotes to support: the first part of the order's id, upper case. */
const orderNumber = (orderId: string): string => orderId.slice(0, 8).toUpperCase();

const brandName = (brand: string): string => (brand === "amex" ? "American Express" : brand.charAt(0).toUpperCase() + brand.slice(1));

/** The receipt of a card order once charged: its Pix with names and prices, the total, the card, the order number and date. */
export function OrderReceipt({ order }: { order: CardOrderView }) {
  const shown = order.source === "card" && PAID.has(order.state);
  const receipt = useQuery({ ...queries.cardReceipt(order.orderId), enabled: shown });
  if (!shown) return null;
  if (receipt.error)
    return <ErrorNotice error={receipt.error} title="Could not load your receipt" onRetry={() => void receipt.refetch()} retrying={receipt.isFetching} />;
  if (!receipt.data) return null;
  const { data } = receipt;
  return (
    <section aria-labelledby="receipt-title" className={`${ui.card} flex flex-col gap-3`} data-testid="receipt">
      <h2 id="receipt-title" className="text-lg font-bold">
        Receipt
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className={ui.muted}>Order number</dt>
        <dd className="font-mono" title={data.orderId}>
          {orderNumber(data.orderId)}
        </dd>
        <dt className={ui.muted}>Date</dt>
        <dd>{formatDateTime(data.createdAt)}</dd>
        {data.card && (
          <>
            <dt className={ui.muted}>Card</dt>
            <dd>
              {brandName(data.card.brand)} ending in {data.card.last4}
            </dd>
          </>
        )}
      </dl>
      <OrderLines items={data.items} />
      <div className="flex items-baseline justify-between border-t border-neutral-200 pt-3 dark:border-neutral-800">
        <span className="font-semibold">Total charged</span>
        <span className="text-xl font-extrabold" data-testid="receipt-total">
          {formatCents(data.amount)}
        </span>
      </div>
      {data.refundedAmount > 0 && <p className="text-sm">Refunded: {formatCents(data.refundedAmount)}</p>}
      {data.receiptEmail && <p className={`text-sm ${ui.muted}`}>A receipt from our payment provider goes to {data.receiptEmail}.</p>}
    </section>
  );
}
