import { ApiError } from "../api/apiClient.ts";
import { apiMessage } from "./accountErrors.ts";

/** fetch's own failure (no answer at all): Chromium, Firefox and Safari word it differently. */
const NO_ANSWER = /failed to fetch|networkerror|load failed|network request failed/i;

/**
 * What a failed load tells the user: the API's own `{ message }` (4xx, 503), that the server could
 * not be reached, or its status for any other answer (a 5xx body is no message for people).
 */
export function loadErrorMessage(error: Error): string {
  const explained = apiMessage(error);
  if (explained) return explained;
  if (error instanceof ApiError) return `The server answered ${error.status}. Please try again.`;
  if (error instanceof TypeError && NO_ANSWER.test(error.message)) return "Could not reach the server. Check your connection and try again.";
  return error.message;
}
