import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useMemo, useState } from "react";
import { formatCents } from "../../card/cardPrices.ts";
import { confirmOutcomeOfError, confirmOutcomeOfStatus, type ConfirmOutcome } from "../../card/confirmOutcome.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { ui } from "../../components/ui.ts";
import { useTheme } from "../../theme/theme.ts";

/** One Stripe.js per publishable key for the page's life (loadStripe adds the script from js.stripe.com once). */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load (offline, blocked) is tried again on Retry, not cached.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

function PayButton({ amount, onOutcome }: { amount: number; onOutcome(outcome: ConfirmOutcome): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setProblem(null);
    try {
      // A redirect (3D Secure, bank pages) comes back to this same /checkout URL, which follows the order.
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: window.location.href }, redirect: "if_required" });
      const outcome = result.error ? confirmOutcomeOfError(result.error) : confirmOutcomeOfStatus(result.paymentIntent.status);
      if (outcome.kind === "invalid" || outcome.kind === "error") setProblem(outcome.message);
      else onOutcome(outcome);
    } catch {
      setProblem("Could not reach the payment provider. Check your connection and try again.");
    } finally {
      setPaying(false);
    }
  };

  return (
    <form onSubmit={(event) => void pay(event)} className="flex flex-col gap-4">
      <PaymentElement />
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {problem}
        </p>
      )}
      <button type="submit" className={ui.primary} disabled={!stripe || !elements || paying}>
        {paying ? "Processing..." : `Pay ${formatCents(amount)}`}
      </button>
    </form>
  );
}

/**
 * Stripe Elements (a real publishable key): the Payment Element for this PaymentIntent and Pay.
 * Its own lazy chunk: Stripe.js and React Stripe load on /checkout only, never on the first page.
 */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  amount,
  onOutcome,
}: {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  onOutcome(outcome: ConfirmOutcome): void;
}) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<Error | null>(null);
  const theme = useTheme((state) => state.theme);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) loads Stripe.js again.
  const stripe = useMemo(() => {
    const promise = stripeFor(publishableKey);
    promise.then(
      (value) => setFailed(value ? null : new Error("Stripe.js is not available in this browser.")),
      () => setFailed(new Error("Could not load the payment form from Stripe. Check your connection and try again.")),
    );
    return promise;
  }, [publishableKey, attempt]);
  const dark = theme === "dark" || (theme === "system" && document.documentElement.classList.contains("dark"));

  if (failed) return <ErrorNotice error={failed} title="Payment form unavailable" onRetry={() => setAttempt(attempt + 1)} />;
  return (
    <section aria-label="Pay by card" className="flex flex-col gap-4">
      <h2 className="text-lg font-bold">Pay by card</h2>
      <Elements key={attempt} stripe={stripe} options={{ clientSecret, appearance: { theme: dark ? "night" : "stripe" } }}>
        <PayButton amount={amount} onOutcome={onOutcome} />
      </Elements>
    </section>
  );
}
