import type { UseQueryResult } from "@tanstack/react-query";
import { ApiError } from "../../api/apiClient.ts";
import type { WalletState } from "../../wallet/walletStore.ts";

/** What the page reads of one request. */
type Loading = Pick<UseQueryResult<unknown, Error>, "isLoading" | "data" | "error">;

export interface OwnedPixInputs {
  tokenId: number | undefined;
  user: Loading;
  /** Loading the wallet code (GET /api/chains); the status falls back to "idle" when it fails. */
  walletLoad: Loading;
  walletStatus: WalletState["status"];
  walletAddress: string | undefined;
  /** GET /api/owner/pixlings/{tokenId}, asked for once signed in or a wallet is connected. */
  pix: Loading;
}

export type OwnedPixView = { kind: "loading" } | { kind: "notFound" } | { kind: "failed"; error: Error } | { kind: "pix" };

const SETTLING: ReadonlySet<WalletState["status"]> = new Set(["idle", "loading", "reconnecting"]);

/**
 * Which screen /owned-pix/{tokenId} shows. "Not found" only when the API says so (404, or 401: no
 * one to own it) or there is surely neither a session nor a wallet; a request that failed
 * otherwise is an error with Retry, never an endless spinner.
 */
export function ownedPixView({ tokenId, user, walletLoad, walletStatus, walletAddress, pix }: OwnedPixInputs): OwnedPixView {
  if (tokenId === undefined) return { kind: "notFound" };
  const ready = (user.data !== undefined && user.data !== null) || walletAddress !== undefined;
  if (!ready) {
    if (user.isLoading) return { kind: "loading" };
    if (user.error) return { kind: "failed", error: user.error };
    if (walletLoad.error) return { kind: "failed", error: walletLoad.error };
    return SETTLING.has(walletStatus) ? { kind: "loading" } : { kind: "notFound" };
  }
  if (pix.isLoading) return { kind: "loading" };
  if (pix.error instanceof ApiError && (pix.error.status === 404 || pix.error.status === 401)) return { kind: "notFound" };
  if (pix.error) return { kind: "failed", error: pix.error };
  return pix.data === undefined ? { kind: "loading" } : { kind: "pix" };
}
