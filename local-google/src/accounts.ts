import { createHash } from "node:crypto";
import { z } from "zod";

/** A person who can sign in at the stand-in: the claims its ID tokens carry. */
export interface LocalAccount {
  sub: string;
  email: string;
  /** Google's `given_name`; absent for a typed-in email. */
  givenName: string | undefined;
  name: string | undefined;
  /** Path of its avatar on the stand-in (made absolute with the issuer), if it has one. */
  avatarPath: string | undefined;
}

/** A ready account has every claim. */
type ReadyAccount = LocalAccount & { givenName: string; name: string; avatarPath: string };

const ready = (key: string, givenName: string, family: string): ReadyAccount => ({
  sub: `local-${key}`,
  email: `${key}@pixlings.test`,
  givenName,
  name: `${givenName} ${family}`,
  avatarPath: `/avatars/${key}.svg`,
});

/** The ready accounts of the sign-in page: one home for their emails, names and subs. */
export const READY_ACCOUNTS = {
  collector: ready("collector", "Casey", "Collector"),
  artist: ready("artist", "Ari", "Artist"),
  admin: ready("admin", "Ada", "Admin"),
} as const satisfies Record<string, ReadyAccount>;

export type ReadyAccountKey = keyof typeof READY_ACCOUNTS;

export const emailSchema = z.email("must be an email address").max(254, "is too long");

/**
 * The account of an email: a ready account's own, else a new one whose `sub` is derived from the
 * email (lower-cased), so the same email always signs in as the same person.
 */
export function accountOfEmail(email: string): LocalAccount {
  const normalized = email.trim().toLowerCase();
  const known = Object.values(READY_ACCOUNTS).find((account) => account.email === normalized);
  if (known) return known;
  const sub = `email-${createHash("sha256").update(normalized).digest("hex").slice(0, 24)}`;
  return { sub, email: normalized, givenName: undefined, name: undefined, avatarPath: undefined };
}
