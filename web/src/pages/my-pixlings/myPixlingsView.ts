import type { UseQueryResult } from "@tanstack/react-query";
import type { WalletState } from "../../wallet/walletStore.ts";

/** What My Pixlings reads of one request. */
export type Loading<T> = Pick<UseQueryResult<T, Error>, "isLoading" | "data" | "error">;

export interface MyPixlingsInputs {
  user: Loading<unknown>;
  /** Loading the wallet code (its error is why the status fell back to "idle"). */
  walletLoad: Loading<unknown>;
  walletStatus: WalletState["status"];
  walletAddress: string | undefined;
  /** The connected wallet's Pix (only asked for with a wallet connected). */
  walletOwned: Loading<unknown>;
  /** The session's Pix (only asked for when signed in). */
  sessionOwned: Loading<unknown>;
}

export type MyPixlingsView =
  | { kind: "loading" }
  /** Nothing to show: the page is the error, with Retry. */
  | { kind: "failed"; error: Error }
  | { kind: "signedOut" }
  /** The lists; `error` when one source failed while another answered. */
  | { kind: "owned"; error: Error | null };

const SETTLING: ReadonlySet<WalletState["status"]> = new Set(["idle", "loading", "reconnecting"]);

/**
 * Which screen My Pixlings shows. Every wait ends: a failed request (the user, the wallet's
 * chains, either list) is an error with Retry instead of a spinner, and the lists only wait while
 * nothing is known yet.
 */
export function myPixlingsView({ user, walletLoad, walletStatus, walletAddress, walletOwned, sessionOwned }: MyPixlingsInputs): MyPixlingsView {
  if (user.isLoading) return { kind: "loading" };
  const signedIn = user.data !== undefined && user.data !== null;
  const connected = walletAddress !== undefined;
  if (!signedIn && !connected) {
    // Not knowing who the visitor is, or whether a wallet could connect, is not "signed out".
    if (user.error) return { kind: "failed", error: user.error };
    if (walletLoad.error) return { kind: "failed", error: walletLoad.error };
    if (SETTLING.has(walletStatus)) return { kind: "loading" };
    return { kind: "signedOut" };
  }
  const lists = [connected ? walletOwned : undefined, signedIn ? sessionOwned : undefined].filter((list) => list !== undefined);
  const anyData = lists.some((list) => list.data !== undefined);
  const listError = lists.find((list) => list.error)?.error ?? null;
  if (!anyData) {
    // One list failing while the other may still answer: wait for it, then show what there is.
    if (lists.some((list) => list.isLoading) || !listError) return { kind: "loading" };
    return { kind: "failed", error: listError };
  }
  return { kind: "owned", error: listError ?? user.error ?? (signedIn ? walletLoad.error : null) };
}
