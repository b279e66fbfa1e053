/**
 * The `i`th benchmark client's address (10.77.0.0/16), sent as X-Forwarded-For to an API that
 * trusts loopback as its proxy: every simulated visitor is a client of its own, as behind a real
 * load balancer, so per-address limits and lookups see many addresses rather than one.
 */
export function clientAddress(i: number): string {
  if (!Number.isInteger(i) || i < 0 || i > 0xffff) throw new Error(`client ${i}: must be an integer in 0..65535`);
  return `10.77.${i >> 8}.${i & 255}`;
}

/** Request headers cycling through `clients` distinct client addresses, one a request. */
export function cyclingClientHeaders(clients: number): () => Record<string, string> {
  let next = -1;
  return () => {
    next = (next + 1) % clients;
    return { "x-forwarded-for": clientAddress(next) };
  };
}

/** Both header sets of each request merged (e.g. a session cookie and a client address). */
export function mergeHeaders(...sources: ((() => Record<string, string>) | undefined)[]): () => Record<string, string> {
  return () => Object.assign({}, ...sources.map((source) => source?.() ?? {})) as Record<string, string>;
}
