import type { User } from "@pixlings/shared/http/auth";

/** The wallet is one of the user's linked wallets (addresses compare case-insensitively). */
export function isWalletLinked(user: Pick<User, "linkedWallets">, address: string): boolean {
  const wanted = address.toLowerCase();
  return user.linkedWallets.some((linked) => linked.toLowerCase() === wanted);
}

/**
 * The "Link Your Accounts" prompt (spec section 4): a Google user with a wallet connected that is
 * not linked to them, who has not dismissed the prompt this session.
 */
export function shouldShowLinkPrompt(
  user: Pick<User, "hasGoogle" | "linkedWallets" | "linkingDismissed"> | null | undefined,
  connectedAddress: string | undefined,
): boolean {
  if (!user || !connectedAddress) return false;
  return user.hasGoogle && !user.linkingDismissed && !isWalletLinked(user, connectedAddress);
}
