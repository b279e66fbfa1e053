import { createSession } from "@pixlings/api/testing";
import type { Database } from "@pixlings/api/db";
import { users } from "@pixlings/api/testing";
import { cookieFetch } from "./api.ts";

/**
 * A Google session (as the callback starts one, without walking the provider's pages) of a new
 * account with a verified `email`, on the API at `url` over `database`: an admin for every API
 * process on that database whose ADMIN_EMAILS lists the email (every live one must), for 12 hours.
 * Returns its cookie jar. Tests of Google sign-in itself use `googleSignIn` (localGoogle.ts).
 */
export async function googleSessionJar(
  api: { url: string; database: Pick<Database, "db">; config: { sessionSecret: string } },
  email: string,
): Promise<ReturnType<typeof cookieFetch>> {
  const [user] = await api.database.db
    .insert(users)
    .values({ googleIssuer: "https://accounts.google.test", googleSub: `test-${email}`, email })
    .onConflictDoUpdate({ target: [users.googleIssuer, users.googleSub], set: { email } })
    .returning();
  if (!user) throw new Error(`no account for ${email}`);
  const { cookieValue } = await createSession(api.database.db, {
    userId: user.id,
    signIn: { with: "google" },
    secret: api.config.sessionSecret,
    ttlSeconds: 3600,
  });
  const jar = cookieFetch(api.url);
  jar.cookie = `pixlings_session=${cookieValue}`;
  return jar;
}
