import type { SignOutEverywhereResponse, SignOutResponse, User } from "@pixlings/shared/http/auth";
import { apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { WalletNotConnectedError } from "../errors/appErrors.ts";
import { ensureConnected, loadWallet } from "../wallet/loadWallet.ts";
import { useWalletStore } from "../wallet/walletStore.ts";

/** Sign-In with Ethereum: connects a wallet if needed, signs the message, stores the session's user. */
export async function signInWithEthereum(): Promise<User> {
  const address = await ensureConnected();
  const wallet = await loadWallet();
  const chainId = useWalletStore.getState().chainId;
  if (chainId === undefined) throw new WalletNotConnectedError();
  const { siweSignIn } = await import("./siwe.ts");
  const user = await siweSignIn(wallet, address, chainId);
  queryClient.setQueryData(queries.user().queryKey, user);
  await queryClient.invalidateQueries({ queryKey: ["owner"] });
  return user;
}

/** The session's user, signing in first when there is none or it belongs to another wallet. */
export async function ensureSignedIn(address: string): Promise<User> {
  const user = queryClient.getQueryData(queries.user().queryKey) ?? (await queryClient.fetchQuery(queries.user()));
  if (user?.walletAddress && user.walletAddress.toLowerCase() === address.toLowerCase()) return user;
  return signInWithEthereum();
}

/**
 * Sign Out: a POST (a link or an image elsewhere cannot sign anyone out), then Home, loaded afresh
 * so nothing of the account stays in the page.
 */
export async function signOut(): Promise<void> {
  await apiRequest<SignOutResponse>("/api/logout", { method: "POST" });
  window.location.assign("/");
}

/** "Sign out everywhere": every session of the account ends, this one too; then Home, loaded afresh. */
export async function signOutEverywhere(): Promise<SignOutEverywhereResponse> {
  const done = await apiRequest<SignOutEverywhereResponse>("/api/auth/logout-everywhere", { method: "POST" });
  window.location.assign("/");
  return done;
}
