import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { parseCookie, stringifySetCookie } from "cookie";
import { z } from "zod";
import type { ApiConfig } from "../config/readConfig.ts";

const LOGIN_COOKIE = "pixlings_login";
const PATH = "/api/auth/google";
/** How long a sign-in at the provider may take. */
const TTL_SECONDS = 600;

/** What the callback needs to check the provider's answer: kept in the browser, signed. */
export interface LoginState {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** Unix ms. */
  expiresAt: number;
}

const LoginStateSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  returnTo: z.string(),
  expiresAt: z.number(),
});

type CookieConfig = Pick<ApiConfig, "sessionSecret" | "secureCookies">;

const sign = (payload: string, secret: string): string => createHmac("sha256", `login:${secret}`).update(payload).digest("base64url");

/** Sets the short-lived login cookie (HttpOnly, SameSite=Lax: it comes back on the provider's top-level redirect). */
export function setLoginState(res: Response, config: CookieConfig, state: Omit<LoginState, "expiresAt">, now = Date.now()): void {
  const payload = Buffer.from(JSON.stringify({ ...state, expiresAt: now + TTL_SECONDS * 1000 })).toString("base64url");
  res.append(
    "Set-Cookie",
    stringifySetCookie({
      name: LOGIN_COOKIE,
      value: `${payload}.${sign(payload, config.sessionSecret)}`,
      httpOnly: true,
      sameSite: "lax",
      path: PATH,
      secure: config.secureCookies,
      maxAge: TTL_SECONDS,
    }),
  );
}

/** The login state of the request, when its cookie is ours, unexpired and well-formed. */
export function readLoginState(req: Request, config: CookieConfig, now = Date.now()): LoginState | undefined {
  const value = req.headers.cookie ? parseCookie(req.headers.cookie)[LOGIN_COOKIE] : undefined;
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot <= 0) return undefined;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(payload, config.sessionSecret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const state = LoginStateSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString()));
    return state.expiresAt > now ? state : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the login state: each one is used once. */
export function clearLoginState(res: Response, config: CookieConfig): void {
  res.append(
    "Set-Cookie",
    stringifySetCookie({
      name: LOGIN_COOKIE,
      value: "",
      httpOnly: true,
      sameSite: "lax",
      path: PATH,
      secure: config.secureCookies,
      maxAge: 0,
      expires: new Date(0),
    }),
  );
}
