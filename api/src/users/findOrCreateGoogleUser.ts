import { sql } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { users } from "../db/tables/accounts.ts";
import type { UserRow } from "./sessionUser.ts";

export interface GoogleIdentity {
  issuer: string;
  sub: string;
  /** Only a verified email: an unverified one is no proof and is not stored. */
  email: string | null;
  firstName: string | null;
  pictureUrl: string | null;
}

/**
 * The user of an OpenID identity (issuer + sub), created at its first sign-in; its email, first
 * name and picture are refreshed from each new ID token. Atomic: two first sign-ins make one user.
 */
export async function findOrCreateGoogleUser(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({
      googleIssuer: identity.issuer,
      googleSub: identity.sub,
      email: identity.email,
      firstName: identity.firstName,
      pictureUrl: identity.pictureUrl,
    })
    .onConflictDoUpdate({
      target: [users.googleIssuer, users.googleSub],
      set: { email: sql`excluded.email`, firstName: sql`excluded.first_name`, pictureUrl: sql`excluded.picture_url` },
    })
    .returning();
  if (!user) throw new Error("upsert into users returned nothing");
  return user;
}
