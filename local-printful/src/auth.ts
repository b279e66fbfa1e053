import { timingSafeEqual } from "node:crypto";
import { PrintfulApiError } from "./printfulError.ts";

const sameToken = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Printful's private tokens go in `Authorization: Bearer <token>`; anything else is its 401. */
export function authenticate(header: string | undefined, token: string): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) throw new PrintfulApiError(401, "Malformed or missing authorization: send the API token as Authorization: Bearer <token>");
  if (!sameToken(match[1]!, token)) throw new PrintfulApiError(401, "The access token provided is invalid");
}
