import { DEFAULT_RETRY_AFTER_SECONDS } from "@pixlings/shared/merch";

/** Headers and message of Printful's 429, as far as they say how long to wait. */
export interface RateLimitAnswer {
  retryAfter: string | null;
  ratelimitReset: string | null;
  message: string | undefined;
}

const seconds = (value: number): number | undefined => (Number.isFinite(value) && value > 0 ? Math.min(Math.ceil(value), 3600) : undefined);

/**
 * Whole seconds to wait after a 429: `Retry-After` (seconds or an HTTP date), else
 * `X-Ratelimit-Reset` (seconds left, or a Unix time), else "after N seconds" in the message, else 60 (docs/map.md#merch-preview-rules).
 * Capped at an hour, so a broken header cannot lock the button for days.
 */
export function retryAfterSeconds(answer: RateLimitAnswer, now: number = Date.now()): number {
  const header = answer.retryAfter?.trim();
  if (header) {
    const fromHeader = /^\d+$/.test(header) ? seconds(Number(header)) : seconds((Date.parse(header) - now) / 1000);
    if (fromHeader) return fromHeader;
  }
  const reset = answer.ratelimitReset?.trim();
  if (reset && /^\d+$/.test(reset)) {
    // Seconds left, or (as some APIs send it) the Unix time the window ends.
    const value = Number(reset);
    const fromReset = seconds(value > 1_000_000_000 ? value - now / 1000 : value);
    if (fromReset) return fromReset;
  }
  const said = /after (\d+) seconds?/i.exec(answer.message ?? "");
  return (said && seconds(Number(said[1]))) || DEFAULT_RETRY_AFTER_SECONDS;
}
