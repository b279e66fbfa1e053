import type { User } from "@pixlings/shared/http/auth";
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

/** Sign Out is a navigation (spec): the API ends the session and answers 303 to Home, which loads afresh. */
export function signOut(): void {
  window.location.assign("/api/logout");
}
