import { startLocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import type { Service } from "../process/service.ts";
import type { StackConfig } from "./stackConfig.ts";

/**
 * The local Google stand-in, in this process, as one more service of the stack: it accepts the
 * API's callback (OIDC_REDIRECT_URI, else the site's and the API's own origin). Undefined when
 * OIDC_ISSUER names a real provider.
 */
export async function startLocalGoogleService(config: StackConfig, apiEnv: NodeJS.ProcessEnv): Promise<(Service & { issuer: string }) | undefined> {
  if (!config.localGoogle) return undefined;
  const { issuer: _, ...options } = config.localGoogle;
  const callback = (origin: string): string => `${new URL(origin).origin}/api/auth/google/callback`;
  const redirectUris = [...new Set([apiEnv.OIDC_REDIRECT_URI || callback(apiEnv.SIWE_URI || config.apiUrl), callback(config.apiUrl)])];
  const google = await startLocalGoogle({ ...options, redirectUris });
  let stopped: (code: number) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    stopped = resolve;
  });
  return {
    name: "Local Google",
    issuer: google.issuer,
    exited,
    stop: async () => {
      await google.close();
      stopped(0);
    },
  };
}
