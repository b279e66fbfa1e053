import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What every log line written while serving one request carries (the logger's mixin reads it). */
interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** An incoming X-Request-Id is kept when it is sane: 1 to 64 letters, digits, `-`, `_`, `.`, `:` (never a log injection). */
const SANE_ID = /^[\w.:-]{1,64}$/;

/** The request id to use: the caller's (a proxy's) when sane, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * Runs `fn` (and everything it starts) as part of the request `requestId` (a job it queued, run
 * later, carries it too); undefined: as part of no request (a loop woken by one must not take its id).
 */
export function withRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return requestId ? storage.run({ requestId }, fn) : storage.exit(fn);
}

/** The id of the request being served here, if any (a job queued now carries it). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
