import { randomInt } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomText(length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** An object id in Stripe's shape: `pi_3Q…` (the prefix names the kind). */
export const newId = (prefix: "pi" | "ch" | "re" | "pm" | "evt" | "req" | "dp" | "issfr"): string => `${prefix}_${randomText(24)}`;

/** A PaymentIntent's client secret, `pi_…_secret_…` like Stripe's. */
export const newClientSecret = (paymentIntentId: string): string => `${paymentIntentId}_secret_${randomText(25)}`;

/** Seconds since the epoch, Stripe's `created`. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
