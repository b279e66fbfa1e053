import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import type { HotRoute } from "../http/hotReads.ts";
import type { HeaderList } from "../http/securityHeaders.ts";
import { toUserResponse } from "../users/toUserResponse.ts";
import { getSessionUser } from "./getSessionUser.ts";
import { readSessionCookie } from "./sessionCookie.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * `GET /api/auth/user` as a hot read (http/hotReads.ts): the session's user as authRouter answers
 * it, with the same headers in the same order (helmet's, the route's no-store, then `res.json`'s).
 * The user comes from getSessionUser as there (its cache, which every process's sign-out empties
 * at once). No cookie, or a session that is not one, is left to the chain: its 401.
 */
export function hotSessionUser({
  db,
  config,
  security,
  etagOf,
}: {
  db: Db;
  config: Pick<ApiConfig, "sessionSecret">;
  security: HeaderList;
  /** Express's ETag of a body (`app.get("etag fn")`), as `res.json` sets it. */
  etagOf: (body: Buffer) => string;
}): HotRoute {
  return {
    pattern: "/api/auth/user",
    path: "/api/auth/user",
    answer: async (req) => {
      const cookieValue = readSessionCookie(req);
      if (!cookieValue) return undefined;
      const user = await getSessionUser(db, { cookieValue, secret: config.sessionSecret });
      if (!user) return undefined;
      const body = Buffer.from(JSON.stringify(toUserResponse(user)));
      return {
        headers: [...security, "Cache-Control", "no-store", "Content-Type", JSON_TYPE, "Content-Length", String(body.length), "ETag", etagOf(body)],
        body,
      };
    },
  };
}
