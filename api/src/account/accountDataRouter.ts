import { Router, type Response } from "express";
import { z } from "zod";
import type { AccountExport, DeleteAccountRequest, DeleteAccountResponse } from "@pixlings/shared/http/account";
import { COLLECTION } from "@pixlings/shared/collection";
import { signedInOnly, userOf } from "../auth/roles.ts";
import { clearSessionCookie } from "../auth/sessionCookie.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import type { Market } from "../market/market.ts";
import { deleteAccount } from "./deleteAccount.ts";
import { exportAccount } from "./exportAccount.ts";

const DeleteBody = requestBody<DeleteAccountRequest>()(z.object({ confirm: z.literal(true, { error: "must be true: deleting an account cannot be undone" }) }));

/**
 * The signed-in user's own data (role: user for each): `GET /api/account/export` (a JSON file of
 * everything stored about the account, `exportAccount`) and `DELETE /api/account` (`{ confirm:
 * true }`: `deleteAccount`; the session ends with it).
 */
export function accountDataRouter({ config, db, market }: { config: ApiConfig; db: Db; market: Market }): Router {
  const router = Router();
  const user = signedInOnly({ db, config });

  router.get(
    "/api/account/export",
    user,
    route({}, async (_input, _req, res: Response<AccountExport>) => {
      const data = await exportAccount({ db, market }, userOf(res));
      const day = data.exportedAt.slice(0, 10);
      res.set("Cache-Control", "no-store").set("Content-Disposition", `attachment; filename="${COLLECTION.slug}-account-${day}.json"`).json(data);
    }),
  );

  router.delete(
    "/api/account",
    user,
    route({ body: DeleteBody }, async (_input, _req, res: Response<DeleteAccountResponse>) => {
      await deleteAccount({ db, market }, userOf(res));
      clearSessionCookie(res, config);
      res.set("Cache-Control", "no-store").json({ message: "Your account is deleted, and you are signed out everywhere" });
    }),
  );
  return router;
}
