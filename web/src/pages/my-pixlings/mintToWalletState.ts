import type { User } from "@pixlings/shared/http/auth";
import type { CardPix } from "@pixlings/shared/http/owners";
import { isWalletLinked } from "../../auth/linkPrompt.ts";

/** What keeps "Mint to Wallet" shut now: a freeze (a dispute, a refund made outside the shop, a fraud warning), or the cooling-off after the card payment. */
type MintBlock = { kind: "frozen"; reason: string; forGood: boolean } | { kind: "hold"; until: string };

/** Where it would mint: the connected wallet (linked first when it is not yet), else the first linked one; none: link one first. */
type MintTarget = { kind: "none" } | { kind: "wallet"; to: string; linked: boolean };

export interface MintToWalletState {
  block: MintBlock | null;
  target: MintTarget;
  /** Mint to Wallet can run now. */
  ready: boolean;
}

/** What "Mint to Wallet" on a Pix custody holds for its buyer needs before it can run, all of it at once. */
export function mintToWalletState(
  pix: Pick<CardPix, "frozen" | "transferableFrom">,
  user: Pick<User, "linkedWallets">,
  connected: string | undefined,
  now: Date,
): MintToWalletState {
  const block: MintBlock | null = pix.frozen
    ? { kind: "frozen", ...pix.frozen }
    : pix.transferableFrom && Date.parse(pix.transferableFrom) > now.getTime()
      ? { kind: "hold", until: pix.transferableFrom }
      : null;
  const [firstLinked] = user.linkedWallets;
  const target: MintTarget = connected
    ? { kind: "wallet", to: connected, linked: isWalletLinked(user, connected) }
    : firstLinked
      ? { kind: "wallet", to: firstLinked, linked: true }
      : { kind: "none" };
  return { block, target, ready: block === null && target.kind === "wallet" };
}
