import { Router, type Response } from "express";
import { getAddress, type Client } from "viem";
import { z } from "zod";
import {
  ADMIN_SIGN_IN_MAX_AGE_HOURS,
  type DismissLinkPromptResponse,
  type LinkWalletRequest,
  type LinkWalletResponse,
  type RefreshAdminResponse,
} from "@pixlings/shared/http/auth";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { addressString } from "../http/schemas.ts";
import { claimArtistProfiles } from "../users/claimArtistProfiles.ts";
import { linkWallet } from "../users/linkWallet.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { setLinkingDismissed } from "../users/setLinkingDismissed.ts";
import { toUserResponse } from "../users/toUserResponse.ts";
import { getSessionUser } from "./getSessionUser.ts";
import { signedInOnly, userOf } from "./roles.ts";
import { readSessionCookie } from "./sessionCookie.ts";
import { verifySignIn } from "./verifySignIn.ts";

const LinkWalletBody = requestBody<LinkWalletRequest>()(
  z
    .object({
      walletAddress: addressString.transform((address): string => address),
      message: z.string().min(1, "is required").max(4096, "is too long").optional(),
      signature: z
        .string()
        .regex(/^0x([0-9a-fA-F]{2})+$/, "must be 0x-prefixed hex")
        .max(20_000, "is too long")
        .transform((s) => s as `0x${string}`)
        .optional(),
      confirmMove: z.boolean({ error: "must be true or false" }).optional(),
    })
    .refine((body) => (body.message === undefined) === (body.signature === undefined), "message and signature go together"),
);

/** Why the session is or is not an admin's, in words. */
function adminStatus(user: SessionUser): string {
  if (user.isAdmin) return "Admin status confirmed";
  if (!user.isAdminEmail) return "This account is not an admin (its email is not in ADMIN_EMAILS)";
  if (user.signedInWith === "wallet") return "Admin needs a Google sign-in: a wallet sign-in never carries admin. Sign in with Google";
  return `Admin needs a Google sign-in within the last ${ADMIN_SIGN_IN_MAX_AGE_HOURS} hours: sign in with Google again`;
}

export interface AccountRouterDeps {
  config: ApiConfig;
  db: Db;
  siweClient?: Client | undefined;
}

/**
 * The signed-in user's account (role: user for each): `POST /api/link-wallet`,
 * `POST /api/auth/link-prompt/dismiss`, `POST /api/debug/refresh-admin`.
 */
export function accountRouter({ config, db, siweClient }: AccountRouterDeps): Router {
  const router = Router();
  const user = signedInOnly({ db, config });
  const reread = async (req: Parameters<typeof readSessionCookie>[0]) => {
    const fresh = await getSessionUser(db, { cookieValue: readSessionCookie(req), secret: config.sessionSecret });
    if (!fresh) throw new HttpError(401, "Not signed in");
    return fresh;
  };

  router.post(
    "/api/link-wallet",
    user,
    route({ body: LinkWalletBody }, async ({ body }, req, res: Response<LinkWalletResponse>) => {
      const me = userOf(res);
      const address = getAddress(body.walletAddress);
      const { message, signature } = body;
      const freshProof = message !== undefined && signature !== undefined;
      if (freshProof) {
        const signed = await verifySignIn(db, { message, signature, siwe: config.siwe, client: siweClient });
        if (signed.address !== address) throw new HttpError(403, `The signed message is for ${signed.address}, not ${address}`);
      } else if (me.walletAddress !== address) {
        throw new HttpError(403, `Prove you control ${address}: sign in with it, or send a fresh signed message (nonce from /api/auth/nonce)`);
      }
      await linkWallet(db, { userId: me.id, address, confirmMove: body.confirmMove === true, freshProof });
      res.set("Cache-Control", "no-store").json({ user: toUserResponse(await reread(req)) });
    }),
  );

  router.post(
    "/api/auth/link-prompt/dismiss",
    user,
    route({}, async (_input, _req, res: Response<DismissLinkPromptResponse>) => {
      await setLinkingDismissed(db, userOf(res).sessionId);
      res.set("Cache-Control", "no-store").json({ linkingDismissed: true });
    }),
  );

  router.post(
    "/api/debug/refresh-admin",
    user,
    route({}, async (_input, req, res: Response<RefreshAdminResponse>) => {
      await claimArtistProfiles(db, userOf(res));
      const me = await reread(req);
      res.set("Cache-Control", "no-store").json({ message: adminStatus(me), isAdmin: me.isAdmin });
    }),
  );
  return router;
}
