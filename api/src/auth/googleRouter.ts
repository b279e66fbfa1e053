import { Router, type Response } from "express";
import * as oidc from "openid-client";
import { z } from "zod";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { applyRoles } from "../users/applyRoles.ts";
import { findOrCreateGoogleUser } from "../users/findOrCreateGoogleUser.ts";
import { clearLoginState, readLoginState, setLoginState } from "./loginStateCookie.ts";
import { openidConfiguration } from "./openidConfiguration.ts";
import { safeReturnTo } from "./safeReturnTo.ts";
import { startSession } from "./startSession.ts";

const SCOPE = "openid email profile";

/** Where a failed sign-in lands: the web app's page explains `error` and `error_description`. */
function loginFailed(error: string, description: string): string {
  const query = new URLSearchParams({ error, error_description: description.slice(0, 300) });
  return `/login-failed?${query}`;
}

/** The OAuth error of a failed code exchange or ID token check, as `[error, description]`. */
function oauthErrorOf(error: unknown): [string, string] {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return [error.error, error.error_description ?? error.message];
  }
  if (error instanceof HttpError && error.status === 503) return ["temporarily_unavailable", error.message];
  // openid-client says "invalid response encountered" and names the failed check in its cause.
  const cause = (error as Error).cause;
  const detail = cause instanceof Error ? `: ${cause.message}` : "";
  return ["invalid_response", `${(error as Error).message}${detail}`];
}

const optionalString = z.string().optional();

/** The picture claim when it is an http(s) URL (it ends up in an `<img src>`), else null. */
function httpUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048 || !URL.canParse(value)) return null;
  return ["https:", "http:"].includes(new URL(value).protocol) ? value : null;
}

/**
 * Google sign-in (OpenID Connect, authorization code with PKCE, state and nonce):
 * `GET /api/auth/google?returnTo=/path` (role: anyone) redirects to the provider, asking it to
 * let the user choose the account (`prompt=select_account`);
 * `GET /api/auth/google/callback` (role: anyone) checks its answer with openid-client, finds or
 * creates the user by (issuer, sub), applies ADMIN_EMAILS/ARTIST_EMAILS, starts a new session and
 * redirects to `returnTo`, or to `/login-failed?error=…&error_description=…`.
 */
export function googleRouter({ config, db }: { config: ApiConfig; db: Db }): Router {
  const router = Router();
  const configuration = openidConfiguration(config);
  const noStore = (res: Response): Response => res.set("Cache-Control", "no-store");

  router.get(
    "/api/auth/google",
    route({ query: z.object({ returnTo: optionalString }) }, async ({ query }, _req, res: Response) => {
      noStore(res);
      let provider: oidc.Configuration;
      try {
        provider = await configuration();
      } catch (error) {
        const [code, description] = oauthErrorOf(error);
        res.redirect(302, loginFailed(code, description));
        return;
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      setLoginState(res, config, { state, nonce, codeVerifier, returnTo: safeReturnTo(query.returnTo) });
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: config.oidc.redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        // Sign Out ends only our session, not the provider's: without this, "Continue with Google"
        // would sign the same account in again silently. Google and the stand-in both support it.
        prompt: "select_account",
      });
      res.redirect(302, url.href);
    }),
  );

  router.get(
    "/api/auth/google/callback",
    route({}, async (_input, req, res: Response) => {
      noStore(res);
      const saved = readLoginState(req, config);
      clearLoginState(res, config);
      if (!saved) {
        res.redirect(302, loginFailed("login_expired", "This sign-in was not started in this browser or took too long: please try again"));
        return;
      }
      const currentUrl = new URL(config.oidc.redirectUri);
      currentUrl.search = new URL(req.originalUrl, "http://callback.invalid").search;
      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), currentUrl, {
          pkceCodeVerifier: saved.codeVerifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error("the provider sent no ID token");
        claims = idToken;
      } catch (error) {
        const [code, description] = oauthErrorOf(error);
        res.redirect(302, loginFailed(code, description));
        return;
      }
      const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 500) : null);
      const user = await findOrCreateGoogleUser(db, {
        issuer: claims.iss,
        sub: claims.sub,
        email: claims.email_verified === true ? text(claims.email) : null,
        firstName: text(claims.given_name),
        pictureUrl: httpUrl(claims.picture),
      });
      await applyRoles(db, config, user);
      await startSession(db, config, { req, res, userId: user.id, walletAddress: null });
      res.redirect(302, saved.returnTo);
    }),
  );
  return router;
}
