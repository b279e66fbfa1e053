import { lazy, Suspense, useEffect, useId, useState } from "react";
import type { User } from "@pixlings/shared/http/auth";
import type { CardPix } from "@pixlings/shared/http/owners";
import { queryClient } from "../../api/queryClient.ts";
import { isWalletLinked, shouldShowLinkPrompt } from "../../auth/linkPrompt.ts";
import { accountName } from "../../auth/walletMoveOffer.ts";
import { mintToWallet } from "../../card/mintToWallet.ts";
import { ui } from "../../components/ui.ts";
import { apiMessage } from "../../errors/accountErrors.ts";
import { formatDateTime, shortAddress, shortHash } from "../../format/format.ts";
import { toast } from "../../toast/toastStore.ts";
import { useMinting } from "./mintingStore.ts";
import { mintToWalletState } from "./mintToWalletState.ts";

const LinkPromptDialog = lazy(() => import("../../auth/LinkPromptDialog.tsx"));

/** What the button waits for, said under it (and read with it). */
function Note({ children, tone = "muted" }: { children: React.ReactNode; tone?: "muted" | "warning" }) {
  const colour = tone === "warning" ? "text-amber-800 dark:text-amber-300" : ui.muted;
  return <p className={`text-xs ${colour}`}>{children}</p>;
}

/**
 * "Mint to Wallet" on every Pix custody holds for this user, with what it needs: why it is frozen,
 * when the cooling-off ends, a wallet to link first (the button that connects and links one), or
 * the wallet it mints to. A connected wallet not linked yet is linked first (a signature proves it
 * is the user's), then the Pix is minted to it.
 */
export function MintToWalletButton({
  pix,
  user,
  connected,
  connect,
  describedBy,
}: {
  pix: CardPix;
  user: User;
  connected: string | undefined;
  connect(): void;
  describedBy: string;
}) {
  const minting = useMinting((state) => state.minting.has(pix.tokenId));
  const setMinting = useMinting((state) => state.set);
  const [linking, setLinking] = useState<{ address: string; thenMint: boolean; linked: boolean } | null>(null);
  // "Link a wallet" pressed with no wallet connected: link it once it connects.
  const [linkOnConnect, setLinkOnConnect] = useState(false);
  const noteId = useId();
  const state = mintToWalletState(pix, user, connected, new Date());

  useEffect(() => {
    if (!linkOnConnect || !connected) return;
    setLinkOnConnect(false);
    // The general link prompt offers it by itself unless this session dismissed it.
    if (!isWalletLinked(user, connected) && !shouldShowLinkPrompt(user, connected)) setLinking({ address: connected, thenMint: false, linked: false });
  }, [linkOnConnect, connected, user]);

  const mint = async (address: string) => {
    setMinting(pix.tokenId, true);
    try {
      const { transfer, arrived } = await mintToWallet(pix.tokenId, address);
      if (arrived) toast({ title: "Minting Complete!", description: `Pix #${pix.tokenId} has been minted to your wallet.` });
      else {
        toast({
          title: "Transfer Sent",
          description: `Pix #${pix.tokenId} is on its way to your wallet${transfer.txHash ? ` (transaction ${shortHash(transfer.txHash)})` : ""}; it shows under Crypto Wallet once confirmed.`,
        });
      }
    } catch (error) {
      toast({
        title: "Minting Failed",
        description: apiMessage(error) ?? `Minting failed: could not move Pix #${pix.tokenId} to your wallet.`,
        variant: "destructive",
      });
      // A freeze or a cooling-off the page did not know of yet: show it.
      await queryClient.invalidateQueries({ queryKey: ["owner"] });
    } finally {
      setMinting(pix.tokenId, false);
    }
  };

  const { block, target } = state;
  const start = () => {
    if (minting || !state.ready || target.kind !== "wallet") return;
    if (target.linked) void mint(target.to);
    else setLinking({ address: target.to, thenMint: true, linked: false });
  };

  const linkWallet = () => {
    if (connected) setLinking({ address: connected, thenMint: false, linked: false });
    else {
      setLinkOnConnect(true);
      connect();
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={`${ui.primary} ${ui.small} w-full`}
        aria-describedby={`${describedBy} ${noteId}`}
        onClick={start}
        disabled={minting || !state.ready}
      >
        {minting ? "Minting..." : "Mint to Wallet"}
      </button>
      <div id={noteId} className="flex flex-col gap-1">
        {block?.kind === "frozen" && <Note tone="warning">Frozen: {block.reason}</Note>}
        {block?.kind === "hold" && <Note>Can move to your wallet from {formatDateTime(block.until)}</Note>}
        {block?.kind !== "frozen" && target.kind === "none" && <Note>Link a wallet first</Note>}
        {block?.kind !== "frozen" && target.kind === "wallet" && (
          <Note>
            To <span className="font-mono">{shortAddress(target.to)}</span>
            {target.linked ? "" : " (you confirm it is yours first)"}
          </Note>
        )}
      </div>
      {block?.kind !== "frozen" && target.kind === "none" && (
        <button type="button" className={`${ui.secondary} ${ui.small} w-full`} aria-describedby={describedBy} onClick={linkWallet}>
          Link a wallet
        </button>
      )}
      {linking && (
        <Suspense fallback={null}>
          <LinkPromptDialog
            address={linking.address}
            account={accountName(user)}
            linked={linking.linked}
            onLinked={(address) => {
              setLinking({ ...linking, linked: true });
              if (linking.thenMint) void mint(address);
            }}
            onDone={() => setLinking(null)}
            onDismissed={() => setLinking(null)}
            purpose={`Pix #${pix.tokenId} can only be minted to a wallet you have proven is yours.`}
          />
        </Suspense>
      )}
    </div>
  );
}
