import { AUTHORIZE_ERROR_CODES } from "@pixlings/shared/http/sale";
import { ApiError } from "../api/apiClient.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { toastForError } from "../errors/toastForError.ts";
import { pixList } from "../format/format.ts";
import type { ToastInput } from "../toast/toastStore.ts";

/** What the page does when starting a card checkout failed. */
export type CardCheckoutFailure =
  /** 401: ask the buyer to sign in (Continue with Google), coming back to this page. */
  | { kind: "signIn" }
  /** 409 `stale_total`: prices changed; show the current total (USD cents) and let the buyer confirm it. */
  | { kind: "staleTotal"; totalAmount: number }
  /** Some Pix are minted already (spec: "Ownership Conflict"): drop them from the cart and check it again. */
  | { kind: "ownershipConflict"; tokenIds: number[]; toast: ToastInput }
  | { kind: "toast"; toast: ToastInput };

/** The spec's fallbacks when the server gave no message. */
const FALLBACK = { mint: "Failed to create payment intent", cart: "Failed to process batch mint. Please try again." } as const;
/** Spec: the mint page's toast is "Payment Failed", the cart's "Error"; both with the server's message. */
const TITLE = { mint: "Payment Failed", cart: "Error" } as const;

/** Spec section 8: a message containing "already owned" or "already purchased" is an ownership conflict. */
const OWNED = /already (owned|purchased)/i;

const isSaleCode = (code: string | undefined): boolean => (AUTHORIZE_ERROR_CODES as readonly (string | undefined)[]).includes(code);

/**
 * Why the server refused an order, in a sentence: the sale's codes worded as for crypto (who holds
 * a Pix, until when), else the server's own message (4xx, 503), else `fallback`.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && isSaleCode(error.body?.code)) return toastForError(error, "load")?.description ?? fallback;
  return apiMessage(error) ?? fallback;
}

/** How the mint page (`from: "mint"`) or the cart (`"cart"`) answers a failed `POST` that opens a card order. */
export function cardCheckoutFailure(error: unknown, from: "mint" | "cart"): CardCheckoutFailure {
  if (error instanceof ApiError && error.status === 401) return { kind: "signIn" };
  const body = error instanceof ApiError ? error.body : undefined;
  if (body?.code === "stale_total") return { kind: "staleTotal", totalAmount: body.totalAmount };
  const destructive = (description: string): ToastInput => ({ title: TITLE[from], description, variant: "destructive" });
  if (from === "cart" && (body?.code === "minted" || (body && OWNED.test(body.message)))) {
    const tokenIds = body.code === "minted" ? body.tokenIds : [];
    // The cart drops these Pix at once, before it is checked again: the toast is where the buyer learns which.
    const one = tokenIds.length === 1;
    const description =
      tokenIds.length > 0
        ? `${pixList(tokenIds)} ${one ? "is" : "are"} already owned, so ${one ? "it is" : "they are"} no longer in your cart.`
        : "Some NFTs in your cart are already owned. Your cart has been updated.";
    return { kind: "ownershipConflict", tokenIds, toast: { title: "Ownership Conflict", description, variant: "destructive" } };
  }
  return { kind: "toast", toast: destructive(refusalMessage(error, FALLBACK[from])) };
}
