import { lazy, Suspense, useState } from "react";
import type { User } from "@pixlings/shared/http/auth";
import type { Nft } from "@pixlings/shared/http/nfts";
import { isWalletLinked } from "../../auth/linkPrompt.ts";
import { accountName } from "../../auth/walletMoveOffer.ts";
import { mintToWallet } from "../../card/mintToWallet.ts";
import { ui } from "../../components/ui.ts";
import { apiMessage } from "../../errors/accountErrors.ts";
import { shortHash } from "../../format/format.ts";
import { toast } from "../../toast/toastStore.ts";
import { useMinting } from "./mintingStore.ts";

const LinkPromptDialog = lazy(() => import("../../auth/LinkPromptDialog.tsx"));

/**
 * "Mint to Wallet" on a card Pix while a wallet is connected. The wallet must be one this user has
 * linked (proven by a signature): if it is not, the link dialog comes first, then the mint.
 */
export function MintToWalletButton({ nft, walletAddress, user, describedBy }: { nft: Nft; walletAddress: string; user: User; describedBy: string }) {
  const minting = useMinting((state) => state.minting.has(nft.tokenId));
  const setMinting = useMinting((state) => state.set);
  const [linking, setLinking] = useState<"asking" | "linked" | null>(null);

  const mint = async (address: string) => {
    setMinting(nft.tokenId, true);
    try {
      const { transfer, arrived } = await mintToWallet(nft.tokenId, address);
      if (arrived) toast({ title: "Minting Complete!", description: `Pix #${nft.tokenId} has been minted to your wallet.` });
      else {
        toast({
          title: "Transfer Sent",
          description: `Pix #${nft.tokenId} is on its way to your wallet${transfer.txHash ? ` (transaction ${shortHash(transfer.txHash)})` : ""}; it shows under Crypto Wallet once confirmed.`,
        });
      }
    } catch (error) {
      toast({
        title: "Minting Failed",
        description: apiMessage(error) ?? `Minting failed: could not move Pix #${nft.tokenId} to your wallet.`,
        variant: "destructive",
      });
    } finally {
      setMinting(nft.tokenId, false);
    }
  };

  const start = () => {
    if (minting) return;
    if (isWalletLinked(user, walletAddress)) void mint(walletAddress);
    else setLinking("asking");
  };

  return (
    <>
      <button type="button" className={`${ui.primary} ${ui.small} w-full`} aria-describedby={describedBy} onClick={start} disabled={minting}>
        {minting ? "Minting..." : "Mint to Wallet"}
      </button>
      {linking && (
        <Suspense fallback={null}>
          <LinkPromptDialog
            address={walletAddress}
            account={accountName(user)}
            linked={linking === "linked"}
            onLinked={(address) => {
              setLinking("linked");
              void mint(address);
            }}
            onDone={() => setLinking(null)}
            onDismissed={() => setLinking(null)}
            purpose={`Pix #${nft.tokenId} can only be minted to a wallet you have proven is yours.`}
          />
        </Suspense>
      )}
    </>
  );
}
