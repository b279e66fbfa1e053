import { HttpError } from "./HttpError.ts";

/**
 * `promise`, or a 503 after `ms`: a source that does not answer (the indexer, the database under
 * load) is a dependency away, not our bug, and the client is told to try again.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(503, `The shop's data did not load in time (no answer within ${ms} ms); try again in a moment`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
