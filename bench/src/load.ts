import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  meanBytes: number;
}

/**
 * autocannon against `baseUrl` for `seconds` with `connections`, each request's path from
 * `nextPath()` (e.g. cycling ids). Several base URLs (processes behind no balancer): the
 * connections alternate between them. Any non-2xx answer or socket error fails the scenario.
 */
export async function runLoad(p: {
  name: string;
  baseUrl: string | readonly string[];
  nextPath: () => string;
  /** Headers of each request (e.g. cycling session cookies); none by default. */
  nextHeaders?: () => Record<string, string>;
  connections: number;
  seconds: number;
  /** A warm-up: failed requests (e.g. timeouts while a fresh API renders its art) are not fatal. */
  warmUp?: boolean;
}): Promise<LoadResult> {
  const result = await autocannon({
    // autocannon opens connection i to url[i % urls]; its types know only one URL.
    url: p.baseUrl as string,
    connections: p.connections,
    duration: p.seconds,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: p.nextPath(), ...(p.nextHeaders ? { headers: { ...request.headers, ...p.nextHeaders() } } : {}) }),
      },
    ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0 && !p.warmUp) {
    throw new Error(`${p.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total} requests`);
  }
  if (result.requests.total === 0) throw new Error(`${p.name}: no request completed`);
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    meanBytes: Math.round(result.throughput.total / result.requests.total),
  };
}

/** `prefix{id}suffix` for ids first..last, round and round. */
export function cyclingPaths(prefix: string, suffix: string, first: number, last: number): () => string {
  let id = first - 1;
  return () => {
    id = id >= last ? first : id + 1;
    return `${prefix}${id}${suffix}`;
  };
}
