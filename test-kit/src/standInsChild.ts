// The Stripe and Google stand-ins (and the webhook relay, when asked) in a process of their own, as
// Stripe's and Google's servers would not share the event loop of the callers under test
// (test-kit/src/standInsApart.ts starts it; it tells its parent its URLs and keys, then each
// delivery the relay forwarded, over the IPC channel, and ends when the channel closes).
import { readFileSync } from "node:fs";
import { startTestLocalGoogle } from "./localGoogle.ts";
import { startTestStripe } from "./localStripe.ts";
import type { StandInsConfig, StandInsMessage } from "./standInsConfig.ts";
import { startWebhookRelay } from "./webhookRelay.ts";

// Written by the parent (standInsApart.ts), never by a person.
const config = JSON.parse(process.argv[2] ?? "") as StandInsConfig;
const tls = { key: readFileSync(config.tls.keyFile, "utf8"), cert: readFileSync(config.tls.certFile, "utf8") };
const send = (message: StandInsMessage): void => void process.send?.(message);

const relay = config.relay
  ? await startWebhookRelay(config.webhookTarget, (delivery) =>
      send({ kind: "forwarded", type: delivery.type, objectId: delivery.objectId, status: delivery.status }),
    )
  : undefined;
const stripe = await startTestStripe({
  webhookUrls: [relay?.url ?? config.webhookTarget],
  retryDelaysMs: config.retryDelaysMs,
  attemptTimeoutMs: config.attemptTimeoutMs,
  tls,
});
const google = await startTestLocalGoogle(config.site, [], tls);

process.on("disconnect", () => {
  void Promise.allSettled([stripe.close(), google.google.close(), relay?.close()]).then(() => process.exit(0));
});
send({
  kind: "ready",
  stripe: {
    url: stripe.server.url,
    port: stripe.server.port,
    secretKey: stripe.secretKey,
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
  },
  google: { issuer: google.google.issuer, env: google.env },
});
