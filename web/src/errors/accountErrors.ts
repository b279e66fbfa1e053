import { COLLECTION } from "@pixlings/shared/collection";
import { ApiError } from "../api/apiClient.ts";
import { ConnectCancelledError, WalletAccountChangedError } from "./appErrors.ts";
import { isUserRejection } from "./toastForError.ts";

/** The API's own `{ message }` for an answer it explains (4xx, 503); undefined for anything else. */
export function apiMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  return error.status === 503 || (error.status >= 400 && error.status < 500) ? error.body.message : undefined;
}

/** Why linking failed, for the prompt and /connect-wallet; null when the user just closed the wallet dialog. */
export function linkErrorMessage(error: unknown): string | null {
  if (error instanceof ConnectCancelledError) return null;
  if (isUserRejection(error)) return "You rejected the request in your wallet.";
  if (error instanceof WalletAccountChangedError) return error.message;
  if (error instanceof ApiError && error.status === 401) return "Your session has ended. Please sign in again, then link your wallet.";
  // 409 (linked to another account), 400/403 (no proof): the server says which.
  return apiMessage(error) ?? "Failed to link wallet to your account";
}

/** Why saving a story failed: the API's 400/403 message (too long, markup, not the owner, Artist Pix), else the spec's text. */
export function storyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "Your session has ended. Please sign in again to edit this story.";
  return apiMessage(error) ?? `Failed to update your ${COLLECTION.name} story. Please try again.`;
}
