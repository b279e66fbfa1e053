import { lazy, Suspense, useCallback, useState } from "react";
import { useLocation } from "react-router";
import { useWalletStore } from "../wallet/walletStore.ts";
import { shouldShowLinkPrompt } from "./linkPrompt.ts";
import { useUser } from "./useAuth.ts";
import { accountName } from "./walletMoveOffer.ts";

const LinkPromptDialog = lazy(() => import("./LinkPromptDialog.tsx"));

/** Offers to link the connected wallet to the signed-in user, under the spec's conditions (linkPrompt.ts). */
export function LinkPrompt() {
  const user = useUser();
  const address = useWalletStore((state) => (state.status === "connected" ? state.address : undefined));
  const { pathname } = useLocation();
  // Kept after success so "Accounts Linked!" stays its 2 s, though the wallet is linked by then.
  const [linked, setLinked] = useState<string | null>(null);
  const done = useCallback(() => setLinked(null), []);
  // /connect-wallet is the same flow as a page: no dialog over it.
  const wanted = pathname !== "/connect-wallet" && shouldShowLinkPrompt(user.data, address);
  if (!(wanted && address) && linked === null) return null;
  return (
    <Suspense fallback={null}>
      <LinkPromptDialog
        address={linked ?? address ?? ""}
        account={accountName(user.data ?? { hasGoogle: false })}
        linked={linked !== null}
        onLinked={setLinked}
        onDone={done}
      />
    </Suspense>
  );
}
