import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { ui } from "../components/ui.ts";
import { linkErrorMessage, linkFailureToast } from "../errors/accountErrors.ts";
import { shortAddress } from "../format/format.ts";
import { toast } from "../toast/toastStore.ts";
import { dismissLinkPrompt } from "./dismissLinkPrompt.ts";
import { linkConnectedWallet, refreshAfterLink } from "./linkWallet.ts";
import { MoveWalletConfirm } from "./MoveWalletConfirm.tsx";
import { walletMoveOffer } from "./walletMoveOffer.ts";

/** Spec: the success message closes the dialog after 2 s. */
const LINKED_CLOSE_MS = 2_000;

function rememberDismissal(): void {
  dismissLinkPrompt().catch(() =>
    toast({ title: "Not saved", description: "We could not save your choice; the prompt may show again.", variant: "destructive" }),
  );
}

/**
 * "Link Your Accounts": Maybe Later, or Link Accounts (a fresh wallet signature), then "Accounts
 * Linked!". A wallet with a wallet-only account of its own first asks to confirm moving it.
 */
export default function LinkPromptDialog({
  address,
  account,
  linked,
  onLinked,
  onDone,
  onDismissed,
  purpose,
}: {
  address: string;
  /** How the signed-in account is named (walletMoveOffer.ts `accountName`). */
  account: string;
  linked: boolean;
  onLinked(address: string): void;
  onDone(): void;
  /** Closed without linking (Maybe Later, Escape): for a caller that opened the dialog itself. */
  onDismissed?: () => void;
  /** Why the caller asks (replaces the prompt's general reason), e.g. to receive a card Pix in this wallet. */
  purpose?: string;
}) {
  const [linking, setLinking] = useState(false);
  const [moveOffered, setMoveOffered] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!linked) return;
    const timer = setTimeout(() => {
      // Completing counts as answering the prompt (spec), so another wallet does not reopen it this session.
      rememberDismissal();
      onDone();
    }, LINKED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [linked, onDone]);

  const link = async (confirmMove: boolean) => {
    setLinking(true);
    setError(null);
    try {
      await linkConnectedWallet({ expectedAddress: address, confirmMove });
      onLinked(address);
      toast({ title: "Accounts Linked Successfully!", description: `Your wallet has been linked to ${account}.` });
      await refreshAfterLink().catch(() => undefined);
    } catch (caught) {
      if (!confirmMove && walletMoveOffer(caught)) setMoveOffered(true);
      else {
        setError(linkErrorMessage(caught));
        const notice = linkFailureToast(caught, "prompt");
        if (notice) toast(notice);
      }
    } finally {
      setLinking(false);
    }
  };

  const close = () => {
    if (linking) return;
    rememberDismissal();
    if (linked) onDone();
    else onDismissed?.();
  };

  const alert = error && (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {error}
    </p>
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-900 shadow-xl dark:bg-neutral-900 dark:text-neutral-100">
          {linked ? (
            <>
              <Dialog.Title className="text-lg font-bold">Accounts Linked!</Dialog.Title>
              <Dialog.Description className={`text-sm ${ui.muted}`}>
                Wallet <span className="font-mono">{shortAddress(address)}</span> is now linked to {account}.
              </Dialog.Description>
            </>
          ) : moveOffered ? (
            <>
              <Dialog.Title className="text-lg font-bold">Move This Wallet?</Dialog.Title>
              <Dialog.Description className="sr-only">This wallet has an account of its own; confirm to move it to {account}.</Dialog.Description>
              {alert}
              <MoveWalletConfirm
                address={address}
                account={account}
                moving={linking}
                cancelLabel="Maybe Later"
                onMove={() => void link(true)}
                onCancel={close}
              />
            </>
          ) : (
            <>
              <Dialog.Title className="text-lg font-bold">Link Your Accounts</Dialog.Title>
              <Dialog.Description className={`text-sm ${ui.muted}`}>
                Link wallet <span className="font-mono">{shortAddress(address)}</span> to {account}
                {purpose ? `: ${purpose}` : ", so its Pix show on My Pixlings whichever way you sign in."} Your wallet asks you to sign a message to prove it is
                yours; this costs nothing.
              </Dialog.Description>
              {alert}
              <div className="flex flex-wrap justify-end gap-2">
                <button type="button" className={ui.secondary} onClick={close} disabled={linking}>
                  Maybe Later
                </button>
                <button type="button" className={ui.primary} onClick={() => void link(false)} disabled={linking}>
                  {linking ? "Linking..." : "Link Accounts"}
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
