import assert from "node:assert/strict";
import { it } from "node:test";
import { startWebhookReceiver } from "./localStripe.ts";

it("a webhook receiver records only what is posted to its own URL: a stray request to its port is a 404, not a webhook", async () => {
  const receiver = await startWebhookReceiver();
  try {
    const origin = new URL(receiver.url).origin;
    assert.equal((await fetch(`${origin}/webhook`, { method: "POST", body: "stray" })).status, 404);
    assert.equal((await fetch(receiver.url)).status, 404);
    assert.equal((await fetch(receiver.url, { method: "POST", body: "meant" })).status, 200);
    assert.deepEqual(
      receiver.received.map((webhook) => webhook.body),
      ["meant"],
    );
  } finally {
    await receiver.close();
  }
});
