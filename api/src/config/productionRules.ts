import {
  LOCAL_GOOGLE_DEV_CLIENT_SECRET,
  LOCAL_PRINTFUL_DEV_TOKEN,
  LOCAL_STRIPE_DEV_PUBLISHABLE_KEY,
  LOCAL_STRIPE_DEV_SECRET_KEY,
  LOCAL_STRIPE_DEV_WEBHOOK_SECRET,
} from "@pixlings/shared/defaults";
import { isDevKey } from "@pixlings/shared/devAccounts";
import type { ConfiguredSaleChain } from "../sale/saleConfig.ts";
import { API_ENV_NAMES, NO_PROXY, type ApiEnv } from "./envSchema.ts";

/** Used when SESSION_SECRET is unset; refused by the production rules. */
export const DEV_SESSION_SECRET = "pixlings-dev-session-secret-do-not-use-in-production";

/**
 * Why the production rules apply, or undefined when they do not: NODE_ENV=production, or any chain
 * on sale that is not a local dev chain (real money or real testnet users, whatever NODE_ENV says).
 */
export function productionRulesReason(nodeEnv: string | undefined, chains: readonly ConfiguredSaleChain[]): string | undefined {
  const reasons = [
    ...(nodeEnv === "production" ? ["NODE_ENV=production"] : []),
    ...chains.filter((c) => !c.local).map((c) => `chain ${c.chainId} (${c.name}) is not local`),
  ];
  return reasons.length === 0 ? undefined : reasons.join(", ");
}

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === "";

/**
 * What the production rules refuse in the API's variables, one line each: no dev keys or secrets,
 * a voucher key of its own, SIWE's domain and origin named, a real OpenID issuer and client, the
 * proxy setting explicit.
 */
export function productionProblems(env: ApiEnv): string[] {
  const problems: string[] = [];
  if (blank(env.MINT_SIGNER_PRIVATE_KEY)) problems.push("MINT_SIGNER_PRIVATE_KEY: must be set to the voucher signer's own key");
  for (const name of API_ENV_NAMES) {
    const value = env[name];
    if (value !== undefined && isDevKey(value.trim())) problems.push(`${name}: is a public dev key (anvil's accounts); use a key of your own`);
  }
  if (blank(env.SESSION_SECRET) || env.SESSION_SECRET === DEV_SESSION_SECRET) {
    problems.push("SESSION_SECRET: must be set to a random secret of 32+ characters (not the development default)");
  }
  if (blank(env.SIWE_DOMAIN)) problems.push("SIWE_DOMAIN: must be set to the site's host, e.g. pixlings.example");
  if (blank(env.SIWE_URI)) problems.push("SIWE_URI: must be set to the site's origin, e.g. https://pixlings.example");
  if (blank(env.OIDC_ISSUER)) problems.push("OIDC_ISSUER: must be set, e.g. https://accounts.google.com");
  else if (!env.OIDC_ISSUER?.trim().startsWith("https://")) problems.push("OIDC_ISSUER: must be an https URL");
  if (blank(env.OIDC_CLIENT_ID)) problems.push("OIDC_CLIENT_ID: must be set to the OAuth client's id");
  if (blank(env.OIDC_CLIENT_SECRET) || env.OIDC_CLIENT_SECRET === LOCAL_GOOGLE_DEV_CLIENT_SECRET) {
    problems.push("OIDC_CLIENT_SECRET: must be set to the OAuth client's secret (not the local stand-in's)");
  }
  const stripeDevValues: [string, string][] = [
    ["STRIPE_SECRET_KEY", LOCAL_STRIPE_DEV_SECRET_KEY],
    ["STRIPE_PUBLISHABLE_KEY", LOCAL_STRIPE_DEV_PUBLISHABLE_KEY],
    ["STRIPE_WEBHOOK_SECRET", LOCAL_STRIPE_DEV_WEBHOOK_SECRET],
  ];
  for (const [name, devValue] of stripeDevValues) {
    if (env[name]?.trim() === devValue) problems.push(`${name}: is the local Stripe stand-in's dev value; use your Stripe account's`);
  }
  if (!blank(env.STRIPE_SECRET_KEY) && !blank(env.STRIPE_API_URL) && !env.STRIPE_API_URL?.trim().startsWith("https://")) {
    problems.push("STRIPE_API_URL: must be an https URL (or unset for api.stripe.com)");
  }
  if (env.PRINTFUL_API_TOKEN?.trim() === LOCAL_PRINTFUL_DEV_TOKEN)
    problems.push("PRINTFUL_API_TOKEN: is the local Printful stand-in's dev token; use your Printful store's");
  if (!blank(env.PRINTFUL_API_TOKEN) && !blank(env.PRINTFUL_API_URL) && !env.PRINTFUL_API_URL?.trim().startsWith("https://")) {
    problems.push("PRINTFUL_API_URL: must be an https URL (or unset for api.printful.com)");
  }
  if (blank(env.API_TRUST_PROXY)) {
    problems.push(`API_TRUST_PROXY: must be set: the reverse proxies' hop count or addresses, or ${NO_PROXY} when clients connect directly`);
  }
  return problems;
}
