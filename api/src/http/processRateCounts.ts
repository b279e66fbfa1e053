/** Sweep the ended windows once this many keys are kept (then at twice what is left). */
const FIRST_SWEEP_AT = 4096;

/** A counted hit: the window's hits so far, and when the window started relative to now (ms, ≤ 0). */
export interface CountedHit {
  hits: number;
  leftMs: number;
}

/**
 * Fixed-window hit counters kept in this process, counting as the `rate_limits` table does: for
 * a database no other process can open (PGlite, db/oneConnection.ts), where the table's upsert was
 * one statement of every limited request and nobody else could read it. They start again empty
 * when the process restarts.
 */
export class ProcessRateCounts {
  #windows = new Map<string, { startMs: number; endMs: number; hits: number }>();
  #sweepAt = FIRST_SWEEP_AT;

  /** One hit of `key` in a window of `windowMs`: a window that has ended starts again at 1. */
  hit(key: string, windowMs: number, nowMs = Date.now()): CountedHit {
    let window = this.#windows.get(key);
    if (!window || nowMs >= window.endMs) {
      if (!window && this.#windows.size >= this.#sweepAt) this.#sweep(nowMs);
      window = { startMs: nowMs, endMs: nowMs + windowMs, hits: 0 };
      this.#windows.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, leftMs: window.startMs - nowMs };
  }

  /** Forgets the counters of windows that have ended (they would start again at 1 anyway). */
  #sweep(nowMs: number): void {
    for (const [key, window] of this.#windows) if (nowMs >= window.endMs) this.#windows.delete(key);
    this.#sweepAt = Math.max(FIRST_SWEEP_AT, this.#windows.size * 2);
  }

  get size(): number {
    return this.#windows.size;
  }
}
