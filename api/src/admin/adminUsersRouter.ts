import { Router, type Response } from "express";
import { and, desc, eq, gt, ilike, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_USER_SEARCH_LIMIT, type AdminUser, type EndUserSessionsResponse } from "@pixlings/shared/http/admin";
import { adminOnly, userOf } from "../auth/roles.ts";
import { endUserSessions } from "../auth/endUserSessions.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { sessions, users, userWallets } from "../db/tables/accounts.ts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";
import { recordAudit } from "../audit/recordAudit.ts";

const SearchQuery = z.object({
  search: z
    .string({ error: "is required: an email, a wallet address or an account id" })
    .trim()
    .min(1, "is required: an email, a wallet address or an account id")
    .max(200, "is too long"),
});

/** `%` and `_` typed in a search are meant literally. */
const likeText = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Accounts for admins (role: admin): `GET /api/admin/users?search=` finds accounts by email (any
 * part, any case), wallet address or id; `DELETE /api/admin/users/{id}/sessions` ends every
 * session of one (a removed admin, a stolen session), recorded in the audit log in the same
 * transaction.
 */
export function adminUsersRouter({ db, config }: { db: Db; config: ApiConfig }): Router {
  const router = Router();
  const admins = adminOnly({ db, config });

  router.get(
    "/api/admin/users",
    admins,
    route({ query: SearchQuery }, async ({ query }, _req, res: Response<AdminUser[]>) => {
      const text = query.search;
      const byWallet = db.select({ userId: userWallets.userId }).from(userWallets).where(sql`lower(${userWallets.address}) = lower(${text})`);
      const byId = /^\d{1,9}$/.test(text) ? [eq(users.id, Number(text))] : [];
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          createdAt: users.createdAt,
          // Qualified by hand: drizzle writes a selected column without its table, which the subquery's own id would shadow.
          wallets: sql<string[]>`coalesce((select array_agg(w.address order by w.id) from ${userWallets} w where w.user_id = "users"."id"), '{}'::text[])`,
          adminEmail: sql<boolean>`(${users.email} is not null and pixlings_role_granted('admin:' || lower(${users.email}), null))`,
        })
        .from(users)
        .where(and(isNull(users.deletedAt), or(ilike(users.email, `%${likeText(text)}%`), sql`${users.id} in (${byWallet})`, ...byId)))
        .orderBy(desc(users.id))
        .limit(ADMIN_USER_SEARCH_LIMIT);
      const live = await Promise.all(
        rows.map(async (row) => {
          const [summary] = await db
            .select({ count: sql<number>`count(*)::int`, latest: sql<Date | string | null>`max(${sessions.createdAt})` })
            .from(sessions)
            .where(and(eq(sessions.userId, row.id), gt(sessions.expiresAt, new Date())));
          return summary;
        }),
      );
      res.set("Cache-Control", "no-store").json(
        rows.map((row, i) => {
          const latest = live[i]?.latest;
          return {
            id: row.id,
            email: row.email,
            firstName: row.firstName,
            wallets: row.wallets,
            createdAt: row.createdAt.toISOString(),
            liveSessions: live[i]?.count ?? 0,
            lastSignInAt: latest ? new Date(latest).toISOString() : null,
            adminEmail: row.adminEmail,
          };
        }),
      );
    }),
  );

  router.delete(
    "/api/admin/users/:id/sessions",
    admins,
    route({ params: z.object({ id: positiveIntString("id") }) }, async ({ params }, _req, res: Response<EndUserSessionsResponse>) => {
      const admin = userOf(res);
      const ended = await db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, params.id));
        if (!target || target.deletedAt) throw notFound(`No account ${params.id}`);
        const count = await endUserSessions(tx, target.id);
        const who = target.email ?? target.firstName ?? `account ${target.id}`;
        await recordAudit(tx, admin, { action: "user.sessions.end", detail: `${who}: ${count} ${count === 1 ? "session" : "sessions"} ended` });
        return { count, who };
      });
      const self = params.id === admin.id ? " (yours included: sign in again)" : "";
      res
        .set("Cache-Control", "no-store")
        .json({ message: `Signed ${ended.who} out everywhere: ${ended.count} ${ended.count === 1 ? "session" : "sessions"} ended${self}`, ended: ended.count });
    }),
  );
  return router;
}
