import type { CardConfig } from "../config/readConfig.ts";

/** Stripe.js is served from here (never bundled; Stripe's rule), and runs its card fields in frames from here and its subdomains. */
const STRIPE_JS = "https://js.stripe.com";
const STRIPE_JS_SUBDOMAINS = "https://*.js.stripe.com";
/** 3D Secure and bank pages Stripe.js frames during a confirmation. */
const STRIPE_HOOKS = "https://hooks.stripe.com";
/** Where Stripe.js confirms payments. */
const STRIPE_API = "https://api.stripe.com";

/**
 * The Content-Security-Policy directives beyond helmet's defaults (`default-src 'self'`,
 * `script-src 'self'`, ...), for the card checkout only, and only what its mode needs: with real
 * Stripe (a publishable key, no stand-in URL) Stripe.js's script, frames and API; with the local
 * Stripe stand-in (STRIPE_API_URL) just the stand-in's origin to confirm at; without cards, nothing.
 * One policy for every page: the storefront is a single-page app, so /checkout is reached without a
 * new document.
 */
export function cardCspDirectives(card: CardConfig | undefined): Record<string, string[]> {
  if (!card) return {};
  if (card.apiUrl !== undefined) return { connectSrc: ["'self'", new URL(card.apiUrl).origin] };
  if (card.publishableKey === undefined) return {};
  return {
    scriptSrc: ["'self'", STRIPE_JS, STRIPE_JS_SUBDOMAINS],
    frameSrc: [STRIPE_JS, STRIPE_JS_SUBDOMAINS, STRIPE_HOOKS],
    connectSrc: ["'self'", STRIPE_API],
  };
}
