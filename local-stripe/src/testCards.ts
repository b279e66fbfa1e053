import { cardError, resourceMissing } from "./stripeError.ts";
import type { CardDetails } from "./objects.ts";

interface Decline {
  declineCode: "generic_decline" | "insufficient_funds";
  message: string;
}

interface TestCard {
  number: string;
  /** Stripe's ready test PaymentMethod for this card. */
  paymentMethod: string;
  /** How the issuer answers: undefined means the payment succeeds. */
  decline: Decline | undefined;
  /** The bank asks for 3D Secure on every payment (authenticate.ts) before the issuer answers. */
  authentication?: "required";
  /** What happens to a successful payment next, as in Stripe's test mode (afterPayment.ts). */
  after?: "dispute" | "early_fraud_warning";
}

/** The cards the stand-in knows (Stripe's test cards of the same numbers behave the same). */
export const TEST_CARDS = {
  succeeds: { number: "4242424242424242", paymentMethod: "pm_card_visa", decline: undefined },
  declined: {
    number: "4000000000000002",
    paymentMethod: "pm_card_chargeDeclined",
    decline: { declineCode: "generic_decline", message: "Your card was declined." },
  },
  insufficientFunds: {
    number: "4000000000009995",
    paymentMethod: "pm_card_chargeDeclinedInsufficientFunds",
    decline: { declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  },
  /** Paid, then disputed as fraudulent (a chargeback). */
  disputed: { number: "4000000000000259", paymentMethod: "pm_card_createDispute", decline: undefined, after: "dispute" },
  /** Paid, then the issuer sends an early fraud warning. */
  fraudWarning: { number: "4000000000005423", paymentMethod: "pm_card_createIssuerFraudRecord", decline: undefined, after: "early_fraud_warning" },
  authenticationRequired: {
    number: "4000002760003184",
    paymentMethod: "pm_card_authenticationRequired",
    decline: undefined,
    authentication: "required",
  },
} as const satisfies Record<string, TestCard>;

const CARDS: readonly TestCard[] = Object.values(TEST_CARDS);
/** "4242 4242 4242 4242, …": the numbers the stand-in knows, as a buyer types them. */
const KNOWN_NUMBERS = CARDS.map((card) => card.number.replace(/(\d{4})(?=\d)/g, "$1 ")).join(", ");

/** Raw card fields as the browser form sends them (`payment_method_data[card][…]`). */
export interface RawCard {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc?: string | undefined;
}

export interface ResolvedCard {
  card: CardDetails;
  testCard: TestCard;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const details = (testCard: TestCard, expMonth: number, expYear: number): CardDetails => ({
  brand: "visa",
  last4: testCard.number.slice(-4),
  exp_month: expMonth,
  exp_year: expYear,
  funding: "credit",
  country: "US",
});

/** One of Stripe's test PaymentMethod ids (`pm_card_visa`, …); 404 for any other. */
export function cardOfTestPaymentMethod(id: string): ResolvedCard {
  const testCard = CARDS.find((card) => card.paymentMethod === id);
  if (!testCard) throw resourceMissing("PaymentMethod", id, "payment_method");
  return { testCard, card: details(testCard, 12, new Date().getUTCFullYear() + 3) };
}

/**
 * A card typed in: checked like Stripe checks card data (402 `card_error` with Stripe's codes for
 * a bad number, expiry or CVC), then matched to a test card; a valid number that is none of them
 * is refused as Stripe's test mode refuses real cards.
 */
export function cardOfRawData(raw: RawCard, now: Date = new Date()): ResolvedCard {
  const number = raw.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) throw cardError("invalid_number", "The card number is not a valid credit card number.", "number");
  if (!luhnValid(number)) throw cardError("incorrect_number", "Your card number is incorrect.", "number");
  const expMonth = /^\d{1,2}$/.test(raw.exp_month) ? Number(raw.exp_month) : Number.NaN;
  if (!(expMonth >= 1 && expMonth <= 12)) throw cardError("invalid_expiry_month", "Your card's expiration month is invalid.", "exp_month");
  const yearDigits = /^(\d{2}|\d{4})$/.test(raw.exp_year) ? Number(raw.exp_year) : Number.NaN;
  const expYear = yearDigits < 100 ? 2000 + yearDigits : yearDigits;
  const thisYear = now.getUTCFullYear();
  if (!(expYear >= thisYear && expYear <= thisYear + 50)) throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.", "exp_year");
  if (expYear === thisYear && expMonth < now.getUTCMonth() + 1) throw cardError("expired_card", "Your card has expired.", "exp_month", "expired_card");
  if (raw.cvc !== undefined && !/^\d{3,4}$/.test(raw.cvc)) throw cardError("invalid_cvc", "Your card's security code is invalid.", "cvc");
  const testCard = CARDS.find((card) => card.number === number);
  if (!testCard) {
    throw cardError(
      "card_declined",
      `Your card was declined. Your request was in test mode, but used a card the local Stripe stand-in does not know: use ${KNOWN_NUMBERS}.`,
      "number",
      "test_mode_live_card",
    );
  }
  return { testCard, card: details(testCard, expMonth, expYear) };
}
