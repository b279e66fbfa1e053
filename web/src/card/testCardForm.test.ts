import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkCardFields, formatCardNumber, formatExpiry, TEST_CARDS } from "./testCardForm.ts";

const NOW = new Date(2030, 5, 15); // June 2030
const good = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

describe("the test-card form", () => {
  it("accepts every test card it shows, sending digits only and a four-digit year", () => {
    for (const { number } of TEST_CARDS) {
      const check = checkCardFields({ ...good, number }, NOW);
      assert.ok(check.ok, number);
      assert.deepEqual(check.card, { number: number.replaceAll(" ", ""), expMonth: "12", expYear: "2034", cvc: "123" });
    }
    assert.deepEqual(checkCardFields({ ...good, expiry: "6/2030", cvc: " 1234 " }, NOW), {
      ok: true,
      card: { number: "4242424242424242", expMonth: "06", expYear: "2030", cvc: "1234" },
    });
  });

  it("names what is wrong with each field", () => {
    assert.deepEqual(checkCardFields({ number: "", expiry: "", cvc: "" }, NOW), {
      ok: false,
      errors: { number: "Enter your card number.", expiry: "Enter the expiry date (MM / YY).", cvc: "Enter the card's security code (CVC)." },
    });
    const errors = (fields: Partial<typeof good>) => {
      const check = checkCardFields({ ...good, ...fields }, NOW);
      return check.ok ? {} : check.errors;
    };
    // A wrong check digit is the provider's to refuse (confirmWithStandIn.test.ts).
    assert.deepEqual(errors({ number: "4242 4242 4242 4241" }), {});
    assert.deepEqual(errors({ number: "4242 4242" }), { number: "Your card number is incomplete." });
    assert.deepEqual(errors({ number: "4242 abcd 4242 4242" }), { number: "A card number has only digits." });
    assert.deepEqual(errors({ expiry: "13 / 30" }), { expiry: "Your card's expiration month is invalid." });
    assert.deepEqual(errors({ expiry: "05 / 30" }), { expiry: "Your card's expiration date is in the past." });
    assert.deepEqual(errors({ expiry: "06 / 30" }), {});
    assert.deepEqual(errors({ expiry: "1230" }), { expiry: "Enter the expiry date as MM / YY." });
    assert.deepEqual(errors({ expiry: "12 / 2099" }), { expiry: "Your card's expiration year is invalid." });
    assert.deepEqual(errors({ cvc: "12" }), { cvc: "Your card's security code is incomplete." });
    assert.deepEqual(errors({ cvc: "12345" }), { cvc: "Your card's security code is incomplete." });
  });

  it("formats as the buyer types", () => {
    assert.equal(formatCardNumber("4242424242424242"), "4242 4242 4242 4242");
    assert.equal(formatCardNumber("4242-42"), "4242 42");
    assert.equal(formatCardNumber("1".repeat(25)), "1111 1111 1111 1111 111");
    assert.equal(formatExpiry("1234"), "12 / 34");
    assert.equal(formatExpiry("1"), "1");
    assert.equal(formatExpiry("12"), "12");
    assert.equal(formatExpiry("12 / 3"), "12 / 3");
  });
});
