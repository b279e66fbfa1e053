import type { GenerateMockupRequest, GenerateMockupResponse, Mockup, MockupTaskResponse } from "@pixlings/shared/http/merch";
import { DEFAULT_RETRY_AFTER_SECONDS, MOCKUP_POLL_ATTEMPTS, MOCKUP_POLL_INTERVAL_MS } from "@pixlings/shared/merch";
import { ApiError, apiRequest } from "../api/apiClient.ts";

/** How a preview ends (docs/map.md#merch-preview-rules, docs/map.md#errors: the "Generation Failed" and "Rate Limited" toasts). */
export type PreviewOutcome =
  | { kind: "completed"; mockups: Mockup[] }
  | { kind: "failed"; message: string; detail?: string }
  | { kind: "rate_limited"; retryAfter: number };

/** After poll number `attempt` (from 1): wait for the next, or how the preview ended. */
export function afterPoll(attempt: number, result: MockupTaskResponse["result"]): { kind: "wait" } | PreviewOutcome {
  if (result.status === "completed") return { kind: "completed", mockups: result.mockups };
  if (result.status === "failed") return { kind: "failed", message: "Mockup generation failed", ...(result.error ? { detail: result.error } : {}) };
  return attempt >= MOCKUP_POLL_ATTEMPTS ? { kind: "failed", message: "Timeout waiting for mockup generation" } : { kind: "wait" };
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
 * Asks for a mockup, then checks it every 2 s, at most 30 times, until it is completed or failed.
 * Stops (rejecting with the abort reason) when `signal` aborts.
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
  for (let attempt = 1; ; attempt++) {
    await sleep(MOCKUP_POLL_INTERVAL_MS, signal);
    let answer: MockupTaskResponse;
    try {
      answer = await apiRequest<MockupTaskResponse>(`/api/printful/check-task/${encodeURIComponent(taskKey)}`, { signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      return pollFailure(error);
    }
    const next = afterPoll(attempt, answer.result);
    if (next.kind !== "wait") return next;
  }
}
