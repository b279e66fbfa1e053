import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { confirmOutcomeOfError, confirmOutcomeOfStatus } from "./confirmOutcome.ts";

describe("how a card confirmation ended", () => {
  it("a decline fails the order; bad card data can be fixed; a settled payment is followed", () => {
    assert.deepEqual(
      confirmOutcomeOfError({ type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." }),
      {
        kind: "declined",
        message: "Your card was declined.",
      },
    );
    assert.deepEqual(confirmOutcomeOfError({ type: "card_error", code: "expired_card", message: "Your card has expired." }), {
      kind: "invalid",
      message: "Your card has expired.",
    });
    // Stripe.js checks the Payment Element's fields itself.
    assert.deepEqual(confirmOutcomeOfError({ type: "validation_error", message: "Your card number is incomplete." }), {
      kind: "invalid",
      message: "Your card number is incomplete.",
    });
    assert.deepEqual(confirmOutcomeOfError({ type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "already succeeded" }), {
      kind: "settled",
    });
    assert.deepEqual(confirmOutcomeOfError({ type: "api_error" }), { kind: "error", message: "The payment could not be completed. Please try again." });
  });

  it("reads the PaymentIntent's status after a confirmation", () => {
    assert.deepEqual(confirmOutcomeOfStatus("succeeded"), { kind: "confirmed" });
    assert.deepEqual(confirmOutcomeOfStatus("processing"), { kind: "confirmed" });
    assert.deepEqual(confirmOutcomeOfStatus("canceled"), { kind: "settled" });
    assert.equal(confirmOutcomeOfStatus("requires_action").kind, "error");
  });
});
