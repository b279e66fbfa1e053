import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { artists, users } from "../db/schema.ts";

/**
 * Sets a user's roles from its verified email: admin exactly when ADMIN_EMAILS lists it (so
 * removing an email takes the role away at the next sign-in or refresh), and links the artists
 * ARTIST_EMAILS gives it, or whose own catalogue email it is, when no one holds them yet.
 * Returns whether the user is an admin now.
 */
export async function applyRoles(
  db: Db,
  config: Pick<ApiConfig, "adminEmails" | "artistEmails">,
  user: { id: number; email: string | null },
): Promise<boolean> {
  const email = user.email?.toLowerCase() ?? null;
  const isAdmin = email !== null && config.adminEmails.has(email);
  await db.update(users).set({ isAdmin }).where(eq(users.id, user.id));
  if (email === null) return isAdmin;
  const slugs = config.artistEmails.filter((pair) => pair.email === email).map((pair) => pair.slug);
  const byConfig = slugs.includes("*") ? sql`true` : slugs.length > 0 ? inArray(artists.slug, slugs) : sql`false`;
  await db
    .update(artists)
    .set({ userId: user.id })
    .where(and(isNull(artists.userId), sql`(${byConfig} or lower(${artists.email}) = ${email})`));
  return isAdmin;
}
