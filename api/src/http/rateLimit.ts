import type { RequestHandler } from "express";
import { HttpError } from "./HttpError.ts";

/** A fixed-window counter per key: at most `limit` hits per `windowMs`. In memory, per process. */
export class RateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  readonly limit: number;
  readonly windowMs: number;

  constructor(limit: number, windowMs = 60_000) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts a hit for `key`, or throws 429 `{ message, retryAfter }` (seconds) past the limit. */
  hit(key: string, now = Date.now()): void {
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.#windows.size > 100_000) this.#sweep(now);
      this.#windows.set(key, (window = { count: 0, resetAt: now + this.windowMs }));
    }
    window.count++;
    if (window.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new HttpError(429, `Too many requests: try again in ${retryAfter} s`, { retryAfter });
    }
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/** Middleware: one hit per request for the client's IP. */
export function limitByIp(limiter: RateLimiter): RequestHandler {
  return (req, _res, next) => {
    limiter.hit(req.ip ?? req.socket.remoteAddress ?? "unknown");
    next();
  };
}
