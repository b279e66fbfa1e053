import type { LinkWalletRequest } from "@pixlings/shared/http/auth";
import { apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { WalletAccountChangedError, WalletNotConnectedError } from "../errors/appErrors.ts";
import { ensureConnected, loadWallet } from "../wallet/loadWallet.ts";
import { useWalletStore } from "../wallet/walletStore.ts";

/**
 * Links the connected wallet to the signed-in user: a fresh SIWE signature proves control (a bare
 * address is never enough), then `POST /api/link-wallet`. `chainId`, when given, is the network
 * the user picked: the wallet moves there first. `confirmMove`: the user confirmed moving the
 * wallet out of its own wallet-only account (after the API's 409 `wallet_has_own_account`, see
 * walletMoveOffer.ts); it needs a new signature, as the first one is used up. Callers then
 * `refreshAfterLink()` (separate, so a dialog can show its success before the user's new state hides it).
 */
export async function linkConnectedWallet(options: { chainId?: number; expectedAddress?: string; confirmMove?: boolean } = {}): Promise<void> {
  const { chainId, expectedAddress, confirmMove } = options;
  const address = await ensureConnected();
  // The wallet may have switched accounts since the page named one: link only what the user saw.
  if (expectedAddress && address.toLowerCase() !== expectedAddress.toLowerCase()) throw new WalletAccountChangedError();
  const wallet = await loadWallet();
  if (chainId !== undefined && useWalletStore.getState().chainId !== chainId) await wallet.switchChain(chainId);
  const signingChain = useWalletStore.getState().chainId;
  if (signingChain === undefined) throw new WalletNotConnectedError();
  const { siweProof } = await import("./siwe.ts");
  const statement = confirmMove ? "Move this wallet to your Pixlings account." : "Link this wallet to your Pixlings account.";
  const proof = await siweProof(wallet, address, signingChain, statement);
  const body: LinkWalletRequest = { walletAddress: address, ...proof, ...(confirmMove ? { confirmMove: true } : {}) };
  // The answer's shape is the server's ({ user } or the user); the session's own view is read next.
  await apiRequest<unknown>("/api/link-wallet", { method: "POST", body });
}

/** Re-reads the session's user (now with the wallet in linkedWallets) and what it owns. */
export async function refreshAfterLink(): Promise<void> {
  await queryClient.fetchQuery({ ...queries.user(), staleTime: 0 });
  await queryClient.invalidateQueries({ queryKey: ["owner"] });
}
