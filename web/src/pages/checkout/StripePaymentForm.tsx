import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useMemo, useState } from "react";
import { confirmOutcomeOfError, confirmOutcomeOfStatus, type ConfirmOutcome } from "../../card/confirmOutcome.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { useTheme } from "../../theme/theme.ts";
import { PayFooter } from "./PayFooter.tsx";
import { usePayment } from "./usePayment.ts";

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

function PaymentElementForm({ amount, onOutcome }: { amount: number; onOutcome(outcome: ConfirmOutcome): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const { paying, problem, pay } = usePayment(onOutcome);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    void pay(async () => {
      // A redirect (3D Secure, bank pages) comes back to this same /checkout URL, which follows the order.
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: window.location.href }, redirect: "if_required" });
      return result.error ? confirmOutcomeOfError(result.error) : confirmOutcomeOfStatus(result.paymentIntent.status);
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PaymentElement />
      <PayFooter amount={amount} paying={paying} ready={Boolean(stripe && elements)} problem={problem} />
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
        <PaymentElementForm amount={amount} onOutcome={onOutcome} />
      </Elements>
    </section>
  );
}
