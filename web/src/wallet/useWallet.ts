import { useEffect } from "react";
import { loadWallet } from "./loadWallet.ts";
import { useWalletStore } from "./walletStore.ts";

/** The wallet state, loading wagmi for pages that work with a wallet. */
export function useWallet() {
  useEffect(() => {
    void loadWallet().catch(() => undefined);
  }, []);
  const status = useWalletStore((state) => state.status);
  const address = useWalletStore((state) => state.address);
  const chainId = useWalletStore((state) => state.chainId);
  const openConnect = useWalletStore((state) => state.setDialogOpen);
  return { status, address: status === "connected" ? address : undefined, chainId, connect: () => openConnect(true) };
}
