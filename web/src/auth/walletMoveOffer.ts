import { ApiError } from "../api/apiClient.ts";

/**
 * The API's answer that the wallet has a wallet-only account of its own (409
 * `wallet_has_own_account`): it can be moved here if the user confirms. Undefined for any other error.
 */
export function walletMoveOffer(error: unknown): { walletAddress: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || error.body?.code !== "wallet_has_own_account") return undefined;
  return { walletAddress: error.body.walletAddress };
}

/** How the link texts name the signed-in account: its Google identity, else just "your account". */
export const accountName = (user: { hasGoogle: boolean }): string => (user.hasGoogle ? "your Google account" : "your Pixlings account");
