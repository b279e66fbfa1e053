import * as oidc from "openid-client";
import type { ApiConfig } from "../config/readConfig.ts";
import { HttpError } from "../http/HttpError.ts";

/**
 * The OpenID provider's configuration (discovery from `OIDC_ISSUER`), fetched at first use and
 * kept; a failed discovery is tried again at the next sign-in. ID token signatures are checked
 * (`enableNonRepudiationChecks`: openid-client skips them for code-flow tokens otherwise).
 * A plain-http issuer is accepted only on loopback (the local stand-in); production requires https.
 */
export function openidConfiguration(config: Pick<ApiConfig, "oidc">): () => Promise<oidc.Configuration> {
  const { issuer, clientId, clientSecret } = config.oidc;
  let pending: Promise<oidc.Configuration> | undefined;
  const discover = async (): Promise<oidc.Configuration> => {
    const url = new URL(issuer);
    const loopback = url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    const configuration = await oidc.discovery(url, clientId, undefined, oidc.ClientSecretPost(clientSecret), {
      ...(loopback ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: 5,
    });
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  };
  return () => {
    pending ??= discover().catch((error: unknown) => {
      pending = undefined;
      throw new HttpError(503, `Google sign-in is unavailable right now (${(error as Error).message}); try again in a moment`);
    });
    return pending;
  };
}
