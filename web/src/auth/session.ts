import type { SignOutResponse, User } from "@pixlings/shared/http/auth";
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

export async function signOut(): Promise<void> {
  await apiRequest<SignOutResponse>("/api/auth/logout", { method: "POST" });
  queryClient.setQueryData(queries.user().queryKey, null);
  queryClient.removeQueries({ queryKey: ["owner"] });
}

/** What the header calls the user: first name, else username, else email, else the wallet, else "User". */
export function userDisplayName(user: User): string {
  const wallet = user.walletAddress ? `${user.walletAddress.slice(0, 6)}...${user.walletAddress.slice(-4)}` : null;
  return user.firstName || user.username || user.email || wallet || "User";
}
