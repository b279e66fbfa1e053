import { Router, type Request, type Response } from "express";
import type { Client } from "viem";
import { z } from "zod";
import type { NonceResponse, SignOutEverywhereResponse, SignOutResponse, SiweRequest, User } from "@pixlings/shared/http/auth";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { HttpError } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { claimArtistProfiles } from "../users/claimArtistProfiles.ts";
import { findOrCreateWalletUser } from "../users/findOrCreateWalletUser.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { toUserResponse } from "../users/toUserResponse.ts";
import { deleteSession } from "./deleteSession.ts";
import { endUserSessions } from "./endUserSessions.ts";
import { issueNonce } from "./issueNonce.ts";
import { requireUser } from "./requireUser.ts";
import { clearSessionCookie, readSessionCookie } from "./sessionCookie.ts";
import { startSession } from "./startSession.ts";
import { verifySignIn } from "./verifySignIn.ts";

export interface AuthRouterDeps {
  config: ApiConfig;
  db: Db;
  /** Verifies SIWE signatures (an RPC client enables smart-contract wallets); default offline. */
  siweClient?: Client | undefined;
}

const SiweBody = requestBody<SiweRequest>()(
  z.object({
    message: z.string({ error: "is required (the EIP-4361 message)" }).min(1, "is required").max(4096, "is too long"),
    signature: z
      .string({ error: "is required (0x-prefixed hex)" })
      .regex(/^0x([0-9a-fA-F]{2})+$/, "must be 0x-prefixed hex")
      .max(20_000, "is too long")
      .transform((s) => s as `0x${string}`),
  }),
);

/**
 * Sign-In with Ethereum and sessions: `GET /api/auth/nonce` (role: anyone), `POST /api/auth/siwe`
 * (anyone), `GET /api/auth/user` (user), sign-out (`POST /api/logout` and `/api/auth/logout`,
 * anyone: without a session they only clear the cookie; a `GET` is refused, so no link or image
 * elsewhere can sign anyone out) and `POST /api/auth/logout-everywhere` (user: every session of
 * the user ends).
 */
export function authRouter({ config, db, siweClient }: AuthRouterDeps): Router {
  const router = Router();
  const noStore = <T>(res: Response<T>): Response<T> => res.set("Cache-Control", "no-store");

  router.get(
    "/api/auth/nonce",
    route({}, async (_input, _req, res: Response<NonceResponse>) => {
      const { nonce, expiresAt } = await issueNonce(db, { ttlSeconds: config.siwe.nonceTtlSeconds });
      noStore(res).json({ nonce, expiresAt: expiresAt.toISOString() });
    }),
  );

  router.post(
    "/api/auth/siwe",
    route({ body: SiweBody }, async ({ body }, req, res: Response<User>) => {
      const { address } = await verifySignIn(db, { message: body.message, signature: body.signature, siwe: config.siwe, client: siweClient });
      const signInAsHolder = async (): Promise<SessionUser> => {
        // A wallet linked to a Google user signs in as that user.
        const user = await findOrCreateWalletUser(db, address);
        await claimArtistProfiles(db, user);
        return startSession(db, config, { req, res, userId: user.id, signIn: { with: "wallet", address } });
      };
      // Its wallet-only account may be merged into another (POST /api/link-wallet), or deleted,
      // between finding it and starting the session: the session then belongs to the account the
      // wallet is in now (a new one when it was deleted).
      const signedIn = await signInAsHolder().catch((error: unknown) => {
        if (hasPgErrorCode(error, PG_ERROR.foreignKeyViolation) || hasPgErrorCode(error, PG_ERROR.accountDeleted)) return signInAsHolder();
        throw error;
      });
      noStore(res).json(toUserResponse(signedIn));
    }),
  );

  router.get(
    "/api/auth/user",
    route({}, async (_input, req, res: Response<User>) => {
      const user = await requireUser(req, db, config);
      noStore(res).json(toUserResponse(user));
    }),
  );

  const logout = route({}, async (_input, req: Request, res: Response<SignOutResponse>) => {
    await deleteSession(db, { cookieValue: readSessionCookie(req), secret: config.sessionSecret });
    clearSessionCookie(res, config);
    noStore(res).json({ message: "Signed out" });
  });
  const postOnly = route({}, (_input, _req, res: Response) => {
    res.set("Allow", "POST");
    throw new HttpError(405, "Sign out with a POST request (the Sign Out button)");
  });
  for (const path of ["/api/logout", "/api/auth/logout"]) {
    router.post(path, logout);
    router.get(path, postOnly);
  }

  router.post(
    "/api/auth/logout-everywhere",
    route({}, async (_input, req, res: Response<SignOutEverywhereResponse>) => {
      const user = await requireUser(req, db, config);
      const ended = await endUserSessions(db, user.id);
      clearSessionCookie(res, config);
      noStore(res).json({ message: `Signed out everywhere (${ended} ${ended === 1 ? "session" : "sessions"})`, ended });
    }),
  );
  return router;
}
