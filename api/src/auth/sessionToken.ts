import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new random session token and the cookie value that carries it (token + HMAC). */
export function createSessionToken(secret: string): { token: string; cookieValue: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, cookieValue: `${token}.${sign(token, secret)}` };
}

/** The token in a cookie value, or undefined when the value was not signed with `secret`. */
export function readSessionToken(cookieValue: string, secret: string): string | undefined {
  const dot = cookieValue.indexOf(".");
  if (dot <= 0) return undefined;
  const token = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1));
  const expected = Buffer.from(sign(token, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/** Sessions are stored under the SHA-256 of their token, so a database leak holds no live cookies. */
export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function sign(token: string, secret: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}
