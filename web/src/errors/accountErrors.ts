import { COLLECTION } from "@pixlings/shared/collection";
import { ApiError } from "../api/apiClient.ts";
import type { ToastInput } from "../toast/toastStore.ts";
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

/**
 * The spec's toast when linking fails: "Link Failed" in the link prompt, "Linking Failed" on
 * /connect-wallet, each with the reason (the spec's own fallback when the server gives none);
 * "Linking Error" for a failure nobody explained (no answer, a broken wallet). Undefined when the
 * user just closed the wallet dialog.
 */
export function linkFailureToast(error: unknown, where: "prompt" | "page"): ToastInput | undefined {
  const message = linkErrorMessage(error);
  if (message === null) return undefined;
  if (!(error instanceof ApiError) && !isUserRejection(error) && !(error instanceof WalletAccountChangedError)) {
    return { title: "Linking Error", description: "An error occurred while linking your wallet", variant: "destructive" };
  }
  const unexplained = error instanceof ApiError && error.status !== 401 && apiMessage(error) === undefined;
  if (where === "prompt") return { title: "Link Failed", description: unexplained ? "Failed to link accounts" : message, variant: "destructive" };
  return { title: "Linking Failed", description: message, variant: "destructive" };
}

/**
 * The spec's toast when saving a story fails: "Story Save Failed" with the reason the server gave
 * (too long, markup, not the owner, the session ended), else "Update Failed" with its sentence.
 */
export function storyFailureToast(error: unknown): ToastInput {
  const explained = (error instanceof ApiError && error.status === 401) || apiMessage(error) !== undefined;
  return explained
    ? { title: "Story Save Failed", description: storyErrorMessage(error), variant: "destructive" }
    : { title: "Update Failed", description: `Failed to update your ${COLLECTION.name} story. Please try again.`, variant: "destructive" };
}
