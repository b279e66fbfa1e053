import type { User } from "@pixlings/shared/http/auth";

/** The wallet is one of the user's linked wallets (addresses compare case-insensitively). */
export function isWalletLinked(user: Pick<User, "linkedWallets">, address: string): boolean {
  const wanted = address.toLowerCase();
  return user.linkedWallets.some((linked) => linked.toLowerCase() === wanted);
}

/**
 * The "Link Your Accounts" prompt (docs/map.md#link-prompt): "shown when logged in, wallet connected, user's
 * stored wallet missing or different (case-insensitive), and not dismissed this session". Logged
 * in is any session: a Google user, or a wallet-only (SIWE) user whose wallet app now has another
 * account connected. The user's stored wallets are all its linked ones.
 */
export function shouldShowLinkPrompt(user: Pick<User, "linkedWallets" | "linkingDismissed"> | null | undefined, connectedAddress: string | undefined): boolean {
  if (!user || !connectedAddress) return false;
  return !user.linkingDismissed && !isWalletLinked(user, connectedAddress);
}
