import type { LinkWalletRequest, User } from "@pixlings/shared/http/auth";
import { apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { WalletNotConnectedError } from "../errors/appErrors.ts";
import { ensureConnected, loadWallet } from "../wallet/loadWallet.ts";
import { useWalletStore } from "../wallet/walletStore.ts";

/**
 * Links the connected wallet to the signed-in user: a fresh SIWE signature proves control (a bare
 * address is never enough), then `POST /api/link-wallet`. `chainId`, when given, is the network
 * the user picked: the wallet moves there first. Answers the user as the API now sees them.
 */
export async function linkConnectedWallet(chainId?: number): Promise<User> {
  const address = await ensureConnected();
  const wallet = await loadWallet();
  if (chainId !== undefined && useWalletStore.getState().chainId !== chainId) await wallet.switchChain(chainId);
  const signingChain = useWalletStore.getState().chainId;
  if (signingChain === undefined) throw new WalletNotConnectedError();
  const { siweProof } = await import("./siwe.ts");
  const proof = await siweProof(wallet, address, signingChain, "Link this wallet to your Pixlings account.");
  const body: LinkWalletRequest = { walletAddress: address, ...proof };
  await apiRequest<unknown>("/api/link-wallet", { method: "POST", body });
  // The answer's shape is the server's ({ user } or the user); the session's own view is the one to keep.
  const user = await queryClient.fetchQuery({ ...queries.user(), staleTime: 0 });
  await queryClient.invalidateQueries({ queryKey: ["owner"] });
  if (!user) throw new Error("The session ended while linking the wallet; please sign in again.");
  return user;
}
