export interface CacheLimits {
  maxEntries: number;
  /** Limit on the total of `sizeOf` over the entries (bytes for bodies); a larger value is not kept. */
  maxSize: number;
}

/** A least-recently-used map with a limit on its entries and on their total size. */
export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  readonly #limits: CacheLimits;
  readonly #sizeOf: (value: V) => number;
  readonly #onEvict: ((key: string, value: V) => void) | undefined;
  #totalSize = 0;

  /** `onEvict` hears of each entry dropped to make room (not of `delete` or `clear`). */
  constructor(limits: CacheLimits, sizeOf: (value: V) => number, onEvict?: (key: string, value: V) => void) {
    if (!(limits.maxEntries >= 1 && limits.maxSize >= 1)) throw new RangeError("A cache needs room for at least one entry");
    this.#limits = limits;
    this.#sizeOf = sizeOf;
    this.#onEvict = onEvict;
  }

  get size(): number {
    return this.#entries.size;
  }

  get totalSize(): number {
    return this.#totalSize;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserting makes it the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const size = this.#sizeOf(value);
    if (size > this.#limits.maxSize) return;
    this.#entries.set(key, { value, size });
    this.#totalSize += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#limits.maxEntries && this.#totalSize <= this.#limits.maxSize) break;
      this.delete(oldest);
      this.#onEvict?.(oldest, entry.value);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#totalSize -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#totalSize = 0;
  }
}
