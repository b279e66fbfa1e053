import type { GenerateMockupRequest, GenerateMockupResponse, Mockup, MockupTaskResponse } from "@pixlings/shared/http/merch";
import { DEFAULT_RETRY_AFTER_SECONDS, MOCKUP_POLL_ATTEMPTS, MOCKUP_POLL_INTERVAL_MS, MOCKUP_WAIT_MAX_SECONDS } from "@pixlings/shared/merch";
import { ApiError, apiRequest } from "../api/apiClient.ts";

/** How a preview ends (docs/map.md#merch-preview-rules, docs/map.md#errors: the "Generation Failed" and "Rate Limited" toasts). */
export type PreviewOutcome =
  | { kind: "completed"; mockups: Mockup[] }
  | { kind: "failed"; message: string; detail?: string }
  | { kind: "rate_limited"; retryAfter: number };

/** How long the page waits for a mockup in all: the spec's 30 checks 2 s apart. */
const WAIT_LIMIT_MS = MOCKUP_POLL_ATTEMPTS * MOCKUP_POLL_INTERVAL_MS;

const TIMEOUT: PreviewOutcome = { kind: "failed", message: "Timeout waiting for mockup generation" };

/** How a check's answer ends the preview, or undefined while the task is pending. */
export function outcomeOf(result: MockupTaskResponse["result"]): PreviewOutcome | undefined {
  if (result.status === "completed") return { kind: "completed", mockups: result.mockups };
  if (result.status === "failed") return { kind: "failed", message: "Mockup generation failed", ...(result.error ? { detail: result.error } : {}) };
  return undefined;
}

/**
 * The next check, `sinceStartMs` after the generate answer and `sinceLastMs` after the previous
 * check began (undefined before the first): ask at once, with the API holding the answer until the
 * task ends (`wait`, seconds), but never two checks within 2 s (an API that answers pending at once
 * is then polled as the spec says), and none once the minute is up.
 */
export function nextCheck(sinceStartMs: number, sinceLastMs: number | undefined): { kind: "ask"; afterMs: number; wait: number } | PreviewOutcome {
  const afterMs = sinceLastMs === undefined ? 0 : Math.max(0, MOCKUP_POLL_INTERVAL_MS - sinceLastMs);
  const leftMs = WAIT_LIMIT_MS - (sinceStartMs + afterMs);
  if (leftMs <= 0) return TIMEOUT;
  return { kind: "ask", afterMs, wait: Math.min(MOCKUP_WAIT_MAX_SECONDS, Math.ceil(leftMs / 1000)) };
}

const retryAfterOf = (error: ApiError): number => {
  const body = error.body;
  const seconds = body && "retryAfter" in body ? Number(body.retryAfter) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
};

/** What a failed generate request means for the shopper. */
export function generateFailure(error: unknown): PreviewOutcome {
  if (error instanceof ApiError) {
    if (error.status === 429) return { kind: "rate_limited", retryAfter: retryAfterOf(error) };
    return { kind: "failed", message: `Failed to generate mockup: ${error.status}`, ...(error.body ? { detail: error.body.message } : {}) };
  }
  return { kind: "failed", message: `Failed to generate mockup: ${error instanceof Error ? error.message : String(error)}` };
}

/** What a failed status check means for the shopper. */
export function pollFailure(error: unknown): PreviewOutcome {
  if (error instanceof ApiError) {
    if (error.status === 429) return { kind: "rate_limited", retryAfter: retryAfterOf(error) };
    return { kind: "failed", message: `Polling failed: ${error.status}`, ...(error.body ? { detail: error.body.message } : {}) };
  }
  return { kind: "failed", message: "Failed to check mockup status" };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * Asks for a mockup, then for its end (nextCheck: the API answers as the task ends), for at most
 * a minute. Stops (rejecting with the abort reason) when `signal` aborts.
 */
export async function runPreview(request: GenerateMockupRequest, signal: AbortSignal): Promise<PreviewOutcome> {
  let taskKey: string | undefined;
  try {
    const started = await apiRequest<GenerateMockupResponse | undefined>("/api/printful/generate-mockup", { method: "POST", body: request, signal });
    taskKey = started?.result?.task_key;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return generateFailure(error);
  }
  if (!taskKey) return { kind: "failed", message: "No task key returned from mockup generation" };
  const startedAt = Date.now();
  let lastAt: number | undefined;
  for (;;) {
    const next = nextCheck(Date.now() - startedAt, lastAt === undefined ? undefined : Date.now() - lastAt);
    if (next.kind !== "ask") return next;
    await sleep(next.afterMs, signal);
    lastAt = Date.now();
    let answer: MockupTaskResponse;
    try {
      answer = await apiRequest<MockupTaskResponse>(`/api/printful/check-task/${encodeURIComponent(taskKey)}?wait=${next.wait}`, { signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      return pollFailure(error);
    }
    const ended = outcomeOf(answer.result);
    if (ended) return ended;
  }
}
