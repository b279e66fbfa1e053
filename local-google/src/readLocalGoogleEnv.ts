import { z } from "zod";
import { DEFAULT_API_PORT, DEFAULT_LOCAL_GOOGLE_PORT, LOCAL_GOOGLE_CLIENT_ID, LOCAL_GOOGLE_DEV_CLIENT_SECRET, LOOPBACK } from "@pixlings/shared/defaults";
import { optional, parseEnv, port, type Env } from "@pixlings/shared/env";
import type { LocalGoogleOptions } from "./startLocalGoogle.ts";

const urlList = z.string().transform((raw, ctx): string[] => {
  const urls = raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (urls.length === 0 || !urls.every((url) => URL.canParse(url))) {
    ctx.addIssue({ code: "custom", message: "must be a comma-separated list of URLs" });
    return z.NEVER;
  }
  return urls;
});

const jwk = z.string().transform((raw, ctx) => {
  try {
    const parsed = z
      .object({ kty: z.literal("RSA"), d: z.string() })
      .loose()
      .parse(JSON.parse(raw));
    return parsed as Record<string, unknown>;
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an RSA private key as a JSON Web Key" });
    return z.NEVER;
  }
});

const LocalGoogleEnvSchema = z.object({
  LOCAL_GOOGLE_PORT: optional(port),
  LOCAL_GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  LOCAL_GOOGLE_CLIENT_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
  LOCAL_GOOGLE_REDIRECT_URIS: optional(urlList),
  LOCAL_GOOGLE_SIGNING_JWK: optional(jwk),
});

/** The stand-in's options from its variables (all optional: the defaults match the API's). */
export function readLocalGoogleEnv(env: Env): LocalGoogleOptions {
  const e = parseEnv(LocalGoogleEnvSchema, env, "local Google");
  return {
    port: e.LOCAL_GOOGLE_PORT ?? DEFAULT_LOCAL_GOOGLE_PORT,
    clientId: e.LOCAL_GOOGLE_CLIENT_ID ?? LOCAL_GOOGLE_CLIENT_ID,
    clientSecret: e.LOCAL_GOOGLE_CLIENT_SECRET ?? LOCAL_GOOGLE_DEV_CLIENT_SECRET,
    redirectUris: e.LOCAL_GOOGLE_REDIRECT_URIS ?? [`http://${LOOPBACK}:${DEFAULT_API_PORT}/api/auth/google/callback`],
    signingJwk: e.LOCAL_GOOGLE_SIGNING_JWK,
  };
}
