import type { Logger } from "pino";
import { HttpError } from "../http/HttpError.ts";
import { PrintfulError } from "./printfulError.ts";

/**
 * What the page is told when Printful fails: its 429 passed on with `retryAfter`; a 404 as ours;
 * anything else a 502 with a sentence (logged with Printful's own words, which may name the
 * token's store). Other errors pass through unchanged.
 */
function fromPrintful(error: unknown, logger: Logger): unknown {
  if (!(error instanceof PrintfulError)) return error;
  const { failure } = error;
  if (failure.kind === "rate_limited") {
    return new HttpError(429, `The merchandise service is busy: try again in ${failure.retryAfter} s`, { retryAfter: failure.retryAfter });
  }
  logger.warn({ err: error }, "Printful call failed");
  if (failure.kind === "refused" && failure.status === 404) return new HttpError(404, "The merchandise service does not know this product or task");
  if (failure.kind === "unreachable") return new HttpError(502, "The merchandise service could not be reached; try again in a moment");
  if (failure.kind === "unreadable") return new HttpError(502, "The merchandise service sent an answer the site could not read; try again later");
  if (failure.status === 401 || failure.status === 403) return new HttpError(502, "The merchandise service refused the site's credentials");
  return new HttpError(502, `The merchandise service failed (HTTP ${failure.status}); try again later`);
}

/** `work`, with a Printful failure turned into the page's answer (fromPrintful). */
export async function orPrintfulAnswer<T>(work: () => Promise<T>, logger: Logger): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromPrintful(error, logger);
  }
}
