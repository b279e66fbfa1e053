import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { ui } from "../components/ui.ts";
import { toastForError } from "../errors/toastForError.ts";
import { shortAddress } from "../format/format.ts";
import { toast } from "../toast/toastStore.ts";
import { isMobile } from "./isMobile.ts";
import { loadWallet } from "./loadWallet.ts";
import { WalletAppLinkList } from "./NoWalletHelp.tsx";
import { useWalletStore } from "./walletStore.ts";

/** Lists the wallets the page found (EIP-6963) and connects the one picked. */
export default function ConnectDialog() {
  const wallets = useWalletStore((state) => state.wallets);
  const status = useWalletStore((state) => state.status);
  const setOpen = useWalletStore((state) => state.setDialogOpen);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);

  useEffect(() => {
    loadWallet().catch((error: Error) => setLoadError(error));
  }, []);

  const connect = async (walletId: string) => {
    setConnecting(walletId);
    try {
      const wallet = await loadWallet();
      await wallet.connect(walletId);
      const { address } = useWalletStore.getState();
      toast({ title: "Wallet Connected", description: address ? `Connected ${shortAddress(address)}` : undefined });
      setOpen(false);
    } catch (error) {
      const notice = toastForError(error, "connect");
      if (notice) toast(notice);
    } finally {
      setConnecting(null);
    }
  };

  const loading = status === "idle" || status === "loading";
  return (
    <Dialog.Root open onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 text-neutral-900 shadow-xl dark:bg-neutral-900 dark:text-neutral-100">
          <Dialog.Title className="text-lg font-bold">Connect Wallet</Dialog.Title>
          <Dialog.Description className={`text-sm ${ui.muted}`}>Pick the browser wallet to use with Pixlings.</Dialog.Description>
          {loadError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {loadError.message}
            </p>
          ) : loading ? (
            <p role="status" className={ui.muted}>
              Looking for wallets...
            </p>
          ) : wallets.length === 0 ? (
            <div role="alert" className="flex flex-col gap-1">
              <p className="font-semibold">{isMobile() ? "MetaMask Not Found" : "No Wallet Detected"}</p>
              <p className={`text-sm ${ui.muted}`}>
                {isMobile()
                  ? "MetaMask not detected. Please use MetaMask mobile browser or install MetaMask app."
                  : "Please install MetaMask browser extension"}
              </p>
              {isMobile() && <WalletAppLinkList />}
            </div>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Wallets">
              {wallets.map((wallet) => (
                <li key={wallet.id}>
                  <button
                    type="button"
                    className={`${ui.secondary} w-full justify-start`}
                    disabled={connecting !== null}
                    onClick={() => void connect(wallet.id)}
                  >
                    {wallet.icon ? <img src={wallet.icon} alt="" width={24} height={24} className="size-6" /> : null}
                    <span>{connecting === wallet.id ? `Connecting ${wallet.name}...` : wallet.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Dialog.Close className={ui.ghost}>Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
