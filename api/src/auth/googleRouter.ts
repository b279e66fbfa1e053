import { Router, type Response } from "express";
import * as oidc from "openid-client";
import type { Logger } from "pino";
import { z } from "zod";
import { LOGIN_FAILURES, type LoginFailure } from "@pixlings/shared/http/auth";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { claimArtistProfiles } from "../users/claimArtistProfiles.ts";
import { findOrCreateGoogleUser } from "../users/findOrCreateGoogleUser.ts";
import { clearLoginState, readLoginState, setLoginState } from "./loginStateCookie.ts";
import { openidConfiguration } from "./openidConfiguration.ts";
import { safeReturnTo } from "./safeReturnTo.ts";
import { startSession } from "./startSession.ts";

const SCOPE = "openid email profile";

/** Where a failed sign-in lands: the web app's page, with one of the shop's own failures and its sentence. */
function loginFailed(failure: LoginFailure): string {
  return `/login-failed?${new URLSearchParams({ error: failure, error_description: LOGIN_FAILURES[failure] })}`;
}

/**
 * Which of the shop's failures a failed discovery, code exchange or ID token check is. The
 * provider's and openid-client's own words never reach the browser (they go to the log).
 */
function loginFailureOf(error: unknown): LoginFailure {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    if (error.error === "access_denied") return "access_denied";
    if (error.error === "temporarily_unavailable" || error.error === "server_error") return "temporarily_unavailable";
    return "sign_in_failed";
  }
  if (error instanceof HttpError && error.status === 503) return "temporarily_unavailable";
  return "sign_in_failed";
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
 * creates the user by (issuer, sub), links the artist profiles it is granted, starts a new session and
 * redirects to `returnTo`, or to `/login-failed?error=…&error_description=…` (LOGIN_FAILURES).
 */
export function googleRouter({ config, db, logger }: { config: ApiConfig; db: Db; logger: Logger }): Router {
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
        const failure = loginFailureOf(error);
        logger.warn({ err: error, failure }, "Google sign-in not started");
        res.redirect(302, loginFailed(failure));
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
        res.redirect(302, loginFailed("login_expired"));
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
        const failure = loginFailureOf(error);
        logger.warn({ err: error, failure }, "Google sign-in failed");
        res.redirect(302, loginFailed(failure));
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
      await claimArtistProfiles(db, user);
      await startSession(db, config, { req, res, userId: user.id, signIn: { with: "google" } });
      res.redirect(302, saved.returnTo);
    }),
  );
  return router;
}
