import { timingSafeEqual } from "node:crypto";
import { unauthorized } from "./stripeError.ts";

export interface Keys {
  secretKey: string;
  publishableKey: string;
}

export interface Caller {
  /** The key itself: idempotency keys are kept per API key, as Stripe keeps them. */
  key: string;
  publishable: boolean;
}

const sameKey = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `Bearer <key>`, or Basic with the key as user name (`curl -u sk_…:`). */
function keyOfHeader(header: string): string | undefined {
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value) return undefined;
  if (scheme?.toLowerCase() === "bearer") return value;
  if (scheme?.toLowerCase() === "basic") return Buffer.from(value, "base64").toString("utf8").split(":")[0];
  return undefined;
}

/** Stripe shows at most the key's last four characters. */
const redacted = (key: string): string => `${key.slice(0, key.indexOf("_", 3) + 1)}${"*".repeat(8)}${key.slice(-4)}`;

/**
 * Who calls: the secret key in the Authorization header, or the publishable key there or in a
 * `key` param (as Stripe.js sends it). Stripe's 401 for anything else, and for a publishable key
 * on a secret-key-only endpoint.
 */
export function authenticate(header: string | undefined, keyParam: string | undefined, keys: Keys, secretOnly: boolean): Caller {
  const fromHeader = header === undefined ? undefined : keyOfHeader(header);
  const key = fromHeader ?? keyParam;
  if (key === undefined || key === "") {
    throw unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (fromHeader !== undefined && sameKey(key, keys.secretKey)) return { key, publishable: false };
  if (sameKey(key, keys.publishableKey)) {
    if (secretOnly) throw unauthorized("This API call cannot be made with a publishable API key. Please use a secret API key.");
    return { key, publishable: true };
  }
  if (fromHeader === undefined && sameKey(key, keys.secretKey)) {
    throw unauthorized("A secret API key belongs in the Authorization header, never in request parameters.");
  }
  throw unauthorized(`Invalid API Key provided: ${redacted(key)}`);
}
