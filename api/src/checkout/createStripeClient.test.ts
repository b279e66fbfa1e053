import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTestStripe, type TestStripe } from "@pixlings/test-kit/localStripe";
import { createStripeClient } from "./createStripeClient.ts";

describe("createStripeClient", () => {
  let local: TestStripe;
  before(async () => {
    local = await startTestStripe();
  });
  after(() => local.close());

  it("reaches the server STRIPE_API_URL names, with the secret key", async () => {
    const stripe = createStripeClient({ secretKey: local.secretKey, apiUrl: local.server.url });
    const intent = await stripe.paymentIntents.create({ amount: 3500, currency: "usd", metadata: { orderId: "o1" } });
    const again = await local.stripe.paymentIntents.retrieve(intent.id);
    assert.equal(again.amount, 3500);
    assert.equal(again.metadata.orderId, "o1");
  });

  it("is refused with another key (the stand-in checks it like Stripe)", async () => {
    const stripe = createStripeClient({ secretKey: "sk_test_not_the_right_one", apiUrl: local.server.url });
    await assert.rejects(stripe.paymentIntents.create({ amount: 3500, currency: "usd" }), (error: { statusCode?: number }) => error.statusCode === 401);
  });
});
