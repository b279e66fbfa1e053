/** A rate limit as Printful states it: `limit` requests per `windowMs`, per API token. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateCheck {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window starts over. */
  resetSeconds: number;
}

/**
 * Fixed windows per key (Printful locks a token out until its 60 s window ends once it is over the
 * limit). A refused request does not count.
 */
export class FixedWindowLimiter {
  readonly #rule: RateRule;
  readonly #windows = new Map<string, { start: number; hits: number }>();

  constructor(rule: RateRule) {
    this.#rule = rule;
  }

  hit(key: string, now: number = Date.now()): RateCheck {
    const { limit, windowMs } = this.#rule;
    let window = this.#windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, hits: 0 };
      this.#windows.set(key, window);
    }
    const allowed = window.hits < limit;
    if (allowed) window.hits += 1;
    const resetSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
    return { allowed, limit, remaining: limit - window.hits, resetSeconds };
  }
}
