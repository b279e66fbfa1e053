import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { LOOPBACK } from "@pixlings/shared/defaults";

/**
 * A real HTTP hop between the Stripe stand-in and the API that can hold deliveries: what a slow
 * network or a busy API looks like to Stripe. While held, each POST waits (the stand-in waits for
 * its answer, as Stripe does); on release it is forwarded as it came (body and Stripe-Signature)
 * and the API's answer goes back.
 */
export interface WebhookRelay {
  url: string;
  /** Where deliveries go (settable: the API may start after the relay). */
  target: string;
  /** Deliveries forwarded so far. */
  forwarded: number;
  /** Deliveries waiting now. */
  readonly waiting: number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const bodyOf = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

/** Told of each forwarded delivery: its event's type and id, the API's status, and when its answer came. */
export type OnForwarded = (delivery: { type: string; objectId: string; status: number; at: number }) => void;

export async function startWebhookRelay(target = "", onForwarded?: OnForwarded): Promise<WebhookRelay> {
  let held = false;
  let waiters: (() => void)[] = [];
  const relay: WebhookRelay = {
    url: "",
    target,
    forwarded: 0,
    get waiting() {
      return waiters.length;
    },
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      const ready = waiters;
      waiters = [];
      for (const go of ready) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        relay.release();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      if (held) await new Promise<void>((resolve) => waiters.push(resolve));
      const headers: Record<string, string> = { "content-type": String(req.headers["content-type"] ?? "application/json") };
      const signature = req.headers["stripe-signature"];
      if (typeof signature === "string") headers["stripe-signature"] = signature;
      const answer = await fetch(relay.target, { method: "POST", headers, body }).catch(() => undefined);
      relay.forwarded += 1;
      if (onForwarded) {
        const event = JSON.parse(body.toString("utf8")) as { type?: string; data?: { object?: { id?: string } } };
        onForwarded({ type: event.type ?? "", objectId: event.data?.object?.id ?? "", status: answer?.status ?? 502, at: performance.now() });
      }
      res.writeHead(answer?.status ?? 502, { "content-type": "text/plain" }).end(answer ? await answer.text() : "relay: target down");
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  relay.url = `http://${LOOPBACK}:${(server.address() as AddressInfo).port}/webhook`;
  return relay;
}
