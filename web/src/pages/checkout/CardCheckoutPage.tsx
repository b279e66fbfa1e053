import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import type { CardConfig, CardOrderView } from "@pixlings/shared/http/checkout";
import { queries } from "../../api/queries.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { useUser } from "../../auth/useAuth.ts";
import { formatCents } from "../../card/cardPrices.ts";
import { readCheckoutParams, type CheckoutParams } from "../../card/checkoutLink.ts";
import type { ConfirmOutcome } from "../../card/confirmOutcome.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { OrderPix } from "../../orders/OrderPix.tsx";
import { OrderProgress } from "../../orders/OrderProgress.tsx";
import type { PaymentSent } from "../../orders/orderStatus.ts";
import { useCardOrder } from "../../orders/useCardOrder.ts";
import { PageShell } from "../static/PageShell.tsx";
import { checkoutView } from "./checkoutView.ts";
import { TestCardForm } from "./TestCardForm.tsx";

// Stripe.js and React Stripe: loaded only here, and only with a real publishable key.
const StripePaymentForm = lazy(() => import("./StripePaymentForm.tsx"));

const LOADING = "Loading checkout...";

function PayScreen({
  order,
  config,
  params,
  onOutcome,
}: {
  order: CardOrderView;
  config: CardConfig;
  params: CheckoutParams;
  onOutcome(outcome: ConfirmOutcome): void;
}) {
  const publishableKey = config.publishableKey ?? "";
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="order-summary" className={`${ui.card} flex flex-col gap-4`}>
        <h2 id="order-summary" className="text-lg font-bold">
          Your order
        </h2>
        <OrderPix tokenIds={order.tokenIds} />
        <div className="flex items-baseline justify-between border-t border-neutral-200 pt-3 dark:border-neutral-800">
          <span className="font-semibold">Total</span>
          <span className="text-right">
            <span className="block text-2xl font-extrabold" data-testid="checkout-total">
              {formatCents(order.amount)}
            </span>
            <span className={`text-xs ${ui.muted}`}>processing fee included</span>
          </span>
        </div>
        <p className={`text-sm ${ui.muted}`}>
          Once paid, your Pix are minted for you at once and held on your account; move them to your own wallet any time from My Pixlings.
        </p>
      </section>
      <div className={ui.card}>
        {config.standInUrl ? (
          <TestCardForm
            payment={{ standInUrl: config.standInUrl, publishableKey, clientSecret: params.clientSecret, paymentIntentId: params.paymentIntentId }}
            amount={order.amount}
            onOutcome={onOutcome}
          />
        ) : (
          <Suspense fallback={<Spinner label={LOADING} />}>
            <StripePaymentForm publishableKey={publishableKey} clientSecret={params.clientSecret} amount={order.amount} onOutcome={onOutcome} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/**
 * /checkout?clientSecret=…&tokenId=… (mint page) or ?batch=true&clientSecret=…&tokenIds=a,b,c (cart):
 * pays the order's PaymentIntent, then follows the order on the server until it is done. The
 * server's order decides what shows, so a reload (or a return from a bank's page) shows the truth.
 */
export default function CardCheckoutPage() {
  const [search] = useSearchParams();
  const params = readCheckoutParams(search);
  const user = useUser();
  const config = useQuery(queries.cardConfig());
  const [sent, setSent] = useState<PaymentSent | undefined>(params?.paymentSent ? { kind: "confirmed" } : undefined);
  const order = useCardOrder(params && { by: "payment", paymentIntentId: params.paymentIntentId }, {
    enabled: Boolean(user.data),
    paymentSent: sent !== undefined,
  });

  if (!params) return <Navigate to="/" replace />;
  const view = checkoutView({ user, config, order, sent });
  const requests = [user, config, order];
  // Asks again what failed; when nothing did (cards turned off meanwhile), whether cards are back.
  const retry = () => {
    const failed = requests.filter((request) => request.error);
    for (const request of failed.length > 0 ? failed : [config]) void request.refetch();
  };
  const retrying = requests.some((request) => request.error && request.isFetching);
  const onOutcome = (outcome: ConfirmOutcome) => {
    if (outcome.kind === "declined") setSent({ kind: "declined", message: outcome.message });
    else setSent({ kind: "confirmed" });
    void order.refetch();
  };

  if (view.kind === "loading") return <Spinner label={LOADING} />;
  return (
    <PageShell title="Checkout" wide={view.kind === "pay"}>
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
      {view.kind === "pay" && <PayScreen order={view.order} config={view.config} params={params} onOutcome={onOutcome} />}
      {view.kind === "order" && (
        <div className="flex flex-col gap-4">
          {view.error && <ErrorNotice error={view.error} title="Could not check your order again" onRetry={retry} retrying={retrying} />}
          <OrderProgress order={view.order} sent={sent} />
        </div>
      )}
    </PageShell>
  );
}
