import { createHash } from "node:crypto";
import type { Caller } from "./auth.ts";
import type { Answer } from "./context.ts";
import type { Params } from "./params.ts";
import type { Store } from "./store.ts";
import { idempotencyError, invalidRequest } from "./stripeError.ts";

export interface IdempotentRequest {
  caller: Caller;
  header: string | string[] | undefined;
  path: string;
  params: Params;
  requestId: string;
}

/** The params in one spelling whatever their order, to compare a retry with the first request. */
function canonical(params: Params): string {
  const sorted = (node: Params): unknown =>
    Object.fromEntries(
      Object.keys(node)
        .sort()
        .map((key) => {
          const value = node[key];
          return [key, typeof value === "string" ? value : sorted(value ?? {})];
        }),
    );
  return JSON.stringify(sorted(params));
}

const digest = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 32);

/**
 * Stripe's idempotent requests: the first POST under a key runs and its answer (whatever its
 * status) is saved; a retry with the same endpoint and params gets that answer again with
 * `Idempotent-Replayed: true`; the same key on another endpoint or with other params is a 400
 * `idempotency_error`. Requests that failed validation never reach here, so they are not saved.
 */
export function handleIdempotently(store: Store, request: IdempotentRequest, run: () => Answer): Answer {
  const { header } = request;
  if (header === undefined) return run();
  if (Array.isArray(header) || header === "" || header.length > 255) {
    throw invalidRequest("Invalid Idempotency-Key: send one key of 1 to 255 characters.");
  }
  // Keys are per API key; the API key itself is not written to the state file.
  const scope = `${digest(request.caller.key)}:${header}`;
  const fingerprint = digest(canonical(request.params));
  const saved = store.findIdempotent(scope);
  if (saved) {
    if (saved.path !== request.path) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.path}' vs '${request.path}'). Try using a key other than '${header}' if you meant to execute a different request.`,
      );
    }
    if (saved.fingerprint !== fingerprint) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${header}' if you meant to execute a different request.`,
      );
    }
    return {
      status: saved.status,
      body: saved.body,
      headers: { "idempotency-key": header, "idempotent-replayed": "true", "original-request": saved.requestId },
    };
  }
  const answer = run();
  store.saveIdempotent(scope, {
    scope,
    path: request.path,
    fingerprint,
    status: answer.status,
    body: answer.body,
    requestId: request.requestId,
    savedAt: Date.now(),
  });
  return { ...answer, headers: { ...answer.headers, "idempotency-key": header } };
}
