/**
 * The test-card form /checkout shows when the API uses the local Stripe stand-in: the test cards
 * a buyer can try there (Stripe's published test numbers; the stand-in answers them as Stripe does, see
 * local-stripe/README.md) and the checks a card form makes before sending anything.
 */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "Payment succeeds" },
  { number: "4000 0000 0000 0002", outcome: "Declined" },
  { number: "4000 0000 0000 9995", outcome: "Declined: insufficient funds" },
  { number: "4000 0000 0000 0259", outcome: "Payment succeeds, then the payer disputes it (the order is frozen)" },
  { number: "4000 0000 0000 5423", outcome: "Payment succeeds, then the bank warns of fraud (the order is frozen)" },
] as const;

export interface CardFields {
  number: string;
  /** "MM / YY" as typed (also "MM/YY", "MM/YYYY"). */
  expiry: string;
  cvc: string;
}

/** What the stand-in's confirm takes (`payment_method_data[card][…]`). */
export interface CardData {
  number: string;
  expMonth: string;
  /** Four digits. */
  expYear: string;
  cvc: string;
}

export type CardFieldErrors = Partial<Record<keyof CardFields, string>>;

export type CardCheck = { ok: true; card: CardData } | { ok: false; errors: CardFieldErrors };

const digitsOf = (text: string): string => text.replace(/[\s-]/g, "");

function checkNumber(raw: string): string | undefined {
  const digits = digitsOf(raw);
  if (digits === "") return "Enter your card number.";
  if (!/^\d+$/.test(digits)) return "A card number has only digits.";
  // The check digit is the provider's to check (Stripe and the stand-in answer incorrect_number).
  return digits.length < 12 || digits.length > 19 ? "Your card number is incomplete." : undefined;
}

function readExpiry(raw: string, now: Date): { month: string; year: string } | string {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (raw.trim() === "") return "Enter the expiry date (MM / YY).";
  if (!match) return "Enter the expiry date as MM / YY.";
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return "Your card's expiration date is in the past.";
  if (year > now.getFullYear() + 50) return "Your card's expiration year is invalid.";
  return { month: String(month).padStart(2, "0"), year: String(year) };
}

/** Checks the form before sending it (a number of 12 to 19 digits, an expiry not past, a 3 or 4 digit CVC). */
export function checkCardFields(fields: CardFields, now: Date = new Date()): CardCheck {
  const errors: CardFieldErrors = {};
  const numberError = checkNumber(fields.number);
  if (numberError) errors.number = numberError;
  const expiry = readExpiry(fields.expiry, now);
  if (typeof expiry === "string") errors.expiry = expiry;
  const cvc = fields.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = cvc === "" ? "Enter the card's security code (CVC)." : "Your card's security code is incomplete.";
  if (Object.keys(errors).length > 0 || typeof expiry === "string") return { ok: false, errors };
  return { ok: true, card: { number: digitsOf(fields.number), expMonth: expiry.month, expYear: expiry.year, cvc } };
}

/** The number as typed, in groups of four ("4242 4242 ..."), at most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The expiry as typed, "MM / YY" once there are more than two digits. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
