import { formatUnits, parseUnits } from "viem";

/** "0x1234...abcd": the first 6 and last 4 characters (spec). */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** A transaction hash shortened for display: "0x12345678...9abcdef0". */
export function shortHash(hash: string): string {
  return hash.length <= 18 ? hash : `${hash.slice(0, 10)}...${hash.slice(-8)}`;
}

const DECIMALS = 18;

/** A decimal coin amount rounded half-up to `places` decimals, exactly (no floating point). */
export function roundDecimal(amount: string, places = 4): string {
  const wei = parseUnits(amount, DECIMALS);
  const unit = 10n ** BigInt(DECIMALS - places);
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const rounded = ((abs + unit / 2n) / unit) * unit;
  const [whole = "0", fraction = ""] = formatUnits(rounded, DECIMALS).split(".");
  return `${negative && rounded > 0n ? "-" : ""}${whole}.${fraction.padEnd(places, "0").slice(0, places)}`;
}

/** "0.0100 ETH": cart totals and mint prices, 4 decimals of the chain's coin (spec). */
export function formatCoin(amount: string, coin: string): string {
  return `${roundDecimal(amount, 4)} ${coin}`;
}

/** The exact sum of decimal coin amounts. */
export function sumDecimals(amounts: readonly string[]): string {
  const total = amounts.reduce((sum, amount) => sum + parseUnits(amount, DECIMALS), 0n);
  return formatUnits(total, DECIMALS);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$624.00". */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

const counts = new Intl.NumberFormat("en-US");

/** "9,999". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A wei amount (decimal string) as a decimal coin amount. */
export function weiToDecimal(wei: string): string {
  return formatUnits(BigInt(wei), DECIMALS);
}

const dates = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const dateTimes = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "Nov 24, 2026" in the reader's time zone; the text itself when it is no date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dates.format(date);
}

/** "Nov 24, 2026, 3:04 PM" in the reader's time zone; the text itself when it is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimes.format(date);
}

/** "Pix #12", "Pix #12 and Pix #30", "Pix #1, Pix #2 and Pix #3": the Pix a message is about, by number. */
export function pixList(tokenIds: readonly number[]): string {
  const names = tokenIds.map((id) => `Pix #${id}`);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
