import type { Request, Response } from "express";
import { parseCookie, stringifySetCookie } from "cookie";
import type { ApiConfig } from "../config/readConfig.ts";

const SESSION_COOKIE = "pixlings_session";

type CookieConfig = Pick<ApiConfig, "secureCookies">;

/** The raw session cookie of a request, if any. */
export function readSessionCookie(req: Pick<Request, "headers">): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure in production. */
export function setSessionCookie(res: Response, config: CookieConfig, value: string, maxAgeSeconds: number): void {
  res.append(
    "Set-Cookie",
    stringifySetCookie({ name: SESSION_COOKIE, value, httpOnly: true, sameSite: "lax", path: "/", secure: config.secureCookies, maxAge: maxAgeSeconds }),
  );
}

export function clearSessionCookie(res: Response, config: CookieConfig): void {
  res.append(
    "Set-Cookie",
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: "",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.secureCookies,
      maxAge: 0,
      expires: new Date(0),
    }),
  );
}
