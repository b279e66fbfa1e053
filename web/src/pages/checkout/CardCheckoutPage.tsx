import { useQueries, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import type { CardConfig, CardOrderPayment, CardOrderView } from "@pixlings/shared/http/checkout";
import { queries } from "../../api/queries.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { useUser } from "../../auth/useAuth.ts";
import { formatCents } from "../../card/cardPrices.ts";
import { CardPriceComparison } from "../../card/CardPriceComparison.tsx";
import { paymentIntentIdOf, readCheckoutParams } from "../../card/checkoutLink.ts";
import type { ConfirmOutcome } from "../../card/confirmOutcome.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { OrderLines } from "../../orders/OrderLines.tsx";
import { OrderProgress } from "../../orders/OrderProgress.tsx";
import { OrderReceipt } from "../../orders/OrderReceipt.tsx";
import type { PaymentSent } from "../../orders/orderStatus.ts";
import { useCardOrder } from "../../orders/useCardOrder.ts";
import { PageShell } from "../static/PageShell.tsx";
import { checkoutView } from "./checkoutView.ts";
import { TestCardForm } from "./TestCardForm.tsx";
import { useClearPaidFromCart } from "./useClearPaidFromCart.ts";

// Stripe.js and React Stripe: loaded only here, and only with a real publishable key.
const StripePaymentForm = lazy(() => import("./StripePaymentForm.tsx"));

const LOADING = "Loading checkout...";

/** Minutes and seconds left of a hold, e.g. "4:59", or "0:00" once over. */
const left = (until: string, now: number): string => {
  const seconds = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

function PayScreen({
  order,
  config,
  payment,
  onOutcome,
}: {
  order: CardOrderView;
  config: CardConfig;
  payment: CardOrderPayment;
  onOutcome(outcome: ConfirmOutcome): void;
}) {
  const publishableKey = config.publishableKey ?? "";
  const tokens = useQueries({ queries: order.tokenIds.map((id) => queries.token(id)) });
  const rarities = tokens.flatMap((token) => (token.data ? [token.data.rarity] : []));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="order-summary" className={`${ui.card} flex flex-col gap-4`}>
        <h2 id="order-summary" className="text-lg font-bold">
          Your order
        </h2>
        <OrderLines items={order.tokenIds.map((tokenId, i) => ({ tokenId, cents: order.tokenCents[i] ?? 0 }))} />
        <div className="flex items-baseline justify-between border-t border-neutral-200 pt-3 dark:border-neutral-800">
          <span className="font-semibold">Total</span>
          <span className="text-right">
            <span className="block text-2xl font-extrabold" data-testid="checkout-total">
              {formatCents(order.amount)}
            </span>
            <span className={`text-xs ${ui.muted}`}>processing fee included</span>
          </span>
        </div>
        {rarities.length === order.tokenIds.length && <CardPriceComparison rarities={rarities} cardCents={order.amount} />}
        <p className="text-sm" data-testid="held-until">
          Reserved for you for <span className="font-semibold tabular-nums">{left(payment.heldUntil, now)}</span> more: pay before then, or the Pix go back on
          sale.
        </p>
        <p className={`text-sm ${ui.muted}`}>
          Once paid, your Pix are minted for you at once and held on your account; move them to your own wallet any time from My Pixlings.
        </p>
      </section>
      <div className={`${ui.card} flex flex-col gap-3`}>
        {order.reason && (
          <p className="text-sm" data-testid="last-decline">
            Your last card was declined ({order.reason}). Nothing was charged: try another card.
          </p>
        )}
        {config.standInUrl ? (
          <TestCardForm
            payment={{
              standInUrl: config.standInUrl,
              publishableKey,
              clientSecret: payment.clientSecret,
              paymentIntentId: paymentIntentIdOf(payment.clientSecret) ?? "",
            }}
            amount={order.amount}
            onOutcome={onOutcome}
          />
        ) : (
          <Suspense fallback={<Spinner label={LOADING} />}>
            <StripePaymentForm publishableKey={publishableKey} clientSecret={payment.clientSecret} amount={order.amount} onOutcome={onOutcome} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/**
 * /checkout?order=<id> (from the mint page and the cart): pays the order's PaymentIntent, its
 * client secret asked of the server for the signed-in buyer's own order (never in the URL), then
 * follows the order until it is done. The server's order decides what shows, so a reload (or a
 * return from a bank's page) shows the truth. A declined card stays on the form for another try.
 */
export default function CardCheckoutPage() {
  const [search, setSearch] = useSearchParams();
  const params = readCheckoutParams(search);
  const user = useUser();
  const config = useQuery(queries.cardConfig());
  const [sent, setSent] = useState<PaymentSent | undefined>(params?.paymentSent ? { kind: "confirmed" } : undefined);
  const order = useCardOrder(params && { by: "order", orderId: params.orderId }, {
    enabled: Boolean(user.data),
    paymentSent: sent !== undefined,
  });
  const waiting = order.data?.state === "created" && order.data.source === "card" && sent === undefined;
  const payment = useQuery({ ...queries.cardOrderPayment(params?.orderId ?? ""), enabled: Boolean(user.data) && waiting });
  useClearPaidFromCart(order.data);
  // A bank's page returns with the client secret in the query (Stripe adds it): out of the address bar at once.
  const extra = params?.extra ?? false;
  const orderId = params?.orderId;
  useEffect(() => {
    if (extra && orderId) setSearch({ order: orderId }, { replace: true });
  }, [extra, orderId, setSearch]);
  const view = params ? checkoutView({ user, config, order, payment, sent }) : ({ kind: "loading" } as const);

  if (!params) return <Navigate to="/" replace />;
  const requests = [user, config, order, payment];
  // Asks again what failed; when nothing did (cards turned off meanwhile), whether cards are back.
  const retry = () => {
    const failed = requests.filter((request) => request.error);
    for (const request of failed.length > 0 ? failed : [config]) void request.refetch();
  };
  const retrying = requests.some((request) => request.error && request.isFetching);
  const onOutcome = (outcome: ConfirmOutcome) => {
    if (outcome.kind !== "declined") setSent({ kind: "confirmed" });
    void order.refetch();
  };

  if (view.kind === "loading") return <Spinner label={LOADING} />;
  return (
    <PageShell title={view.kind === "order" ? "Your Order" : "Checkout"} wide={view.kind === "pay"}>
      {view.kind === "signIn" && (
        <section aria-labelledby="login-title" className={`${ui.card} flex flex-col items-center gap-3 py-8 text-center`}>
          <h2 id="login-title" className="text-lg font-semibold">
            Login Required
          </h2>
          <p className={`text-sm ${ui.muted}`}>Please sign in to see and pay for your order.</p>
          <GoogleSignInLink />
        </section>
      )}
      {view.kind === "failed" && <ErrorNotice error={view.error} title="Could not load your checkout" onRetry={retry} retrying={retrying} />}
      {view.kind === "pay" && <PayScreen order={view.order} config={view.config} payment={view.payment} onOutcome={onOutcome} />}
      {view.kind === "order" && (
        <div className="flex flex-col gap-4">
          {view.error && <ErrorNotice error={view.error} title="Could not check your order again" onRetry={retry} retrying={retrying} />}
          <OrderProgress order={view.order} sent={sent} />
          <OrderReceipt order={view.order} />
        </div>
      )}
    </PageShell>
  );
}
