import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { stripeClient, type TestStripe } from "./localStripe.ts";
import type { LoopbackTls } from "./loopbackTls.ts";
import type { StandInsConfig, StandInsMessage } from "./standInsConfig.ts";
import type { OnForwarded } from "./webhookRelay.ts";

const CHILD = fileURLToPath(new URL("./standInsChild.ts", import.meta.url));
/** How long the stand-ins may take to start. */
const READY_WITHIN_MS = 60_000;

export interface StandInsApart {
  stripe: TestStripe;
  google: LocalGoogle;
  /** The API's variables for the Google stand-in (OIDC_ISSUER, its client). */
  googleEnv: Record<string, string>;
  /** The stand-ins' process (its CPU is theirs alone). */
  pid: number;
  close(): Promise<void>;
}

/**
 * The Stripe and Google stand-ins over https, and, with `onWebhookForwarded`, the webhook relay in
 * front of `webhookTarget`, in a process of their own (test-kit/src/standInsChild.ts): a bench's
 * thousand callers then do not delay the answers of the services they call, as Stripe's and
 * Google's own servers would not share their event loop. `close()` ends the process.
 */
export async function startStandInsApart(p: {
  site: string;
  webhookTarget: string;
  tls: LoopbackTls;
  retryDelaysMs: number[];
  attemptTimeoutMs: number;
  onWebhookForwarded?: OnForwarded | undefined;
}): Promise<StandInsApart> {
  const config: StandInsConfig = {
    site: p.site,
    webhookTarget: p.webhookTarget,
    relay: p.onWebhookForwarded !== undefined,
    retryDelaysMs: p.retryDelaysMs,
    attemptTimeoutMs: p.attemptTimeoutMs,
    tls: { keyFile: p.tls.keyFile, certFile: p.tls.certFile },
  };
  const child = fork(CHILD, [JSON.stringify(config)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, NODE_EXTRA_CA_CERTS: p.tls.certFile },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async (): Promise<void> => {
    if (child.connected) child.disconnect();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  try {
    const ready = await new Promise<Extract<StandInsMessage, { kind: "ready" }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the stand-ins did not start within ${READY_WITHIN_MS / 1000} s`)), READY_WITHIN_MS);
      child.once("exit", (code) => reject(new Error(`the stand-ins' process exited (${code}) before it was ready`)));
      child.on("message", (message: StandInsMessage) => {
        if (message.kind === "ready") {
          clearTimeout(timer);
          resolve(message);
        } else p.onWebhookForwarded?.({ type: message.type, objectId: message.objectId, status: message.status, at: performance.now() });
      });
    });
    const { url, port, ...keys } = ready.stripe;
    const server = { url, port, close };
    return {
      stripe: { server, ...keys, stripe: stripeClient(server, keys.secretKey), close },
      google: { issuer: ready.google.issuer, close },
      googleEnv: ready.google.env,
      pid: child.pid!,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
