import { startLocalStripe } from "@pixlings/local-stripe/startLocalStripe";
import type { Service } from "../process/service.ts";
import type { StackConfig } from "./stackConfig.ts";

/**
 * The local Stripe stand-in, in this process, as one more service of the stack: its webhooks go
 * to the API (LOCAL_STRIPE_WEBHOOK_URL, else the API's STRIPE_WEBHOOK_PATH), its state to
 * `.pixlings/stripe`. Undefined when STRIPE_SECRET_KEY names a key of Stripe itself.
 */
export async function startLocalStripeService(config: StackConfig): Promise<(Service & { url: string }) | undefined> {
  if (!config.localStripe) return undefined;
  const { url: _, ...options } = config.localStripe;
  const stripe = await startLocalStripe(options);
  let stopped: (code: number) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    stopped = resolve;
  });
  return {
    name: "Local Stripe",
    url: stripe.url,
    exited,
    stop: async () => {
      await stripe.close();
      stopped(0);
    },
  };
}
