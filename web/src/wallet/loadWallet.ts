import type { Address } from "viem";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { ConnectCancelledError } from "../errors/appErrors.ts";
import type { WalletModule } from "./wagmiWallet.ts";
import { useWalletStore } from "./walletStore.ts";

let loading: Promise<WalletModule> | undefined;

/** Loads wagmi (once), configured with the chains from GET /api/chains, and reconnects. */
export function loadWallet(): Promise<WalletModule> {
  if (!loading) {
    if (useWalletStore.getState().status === "idle") useWalletStore.setState({ status: "loading" });
    loading = (async () => {
      const chains = await queryClient.fetchQuery(queries.chains());
      const { startWallet } = await import("./wagmiWallet.ts");
      return startWallet(chains);
    })();
    loading.catch((error: unknown) => {
      console.warn("Could not load the wallet", error);
      loading = undefined;
      useWalletStore.setState({ status: "idle" });
    });
  }
  return loading;
}

/** The connected address; opens the connect dialog and waits when there is none. */
export async function ensureConnected(): Promise<Address> {
  try {
    await loadWallet();
  } catch {
    // The connect dialog shows why the wallet could not load.
  }
  const now = useWalletStore.getState();
  if (now.status === "connected" && now.address) return now.address;
  return new Promise<Address>((resolve, reject) => {
    useWalletStore.getState().setDialogOpen(true);
    const unsubscribe = useWalletStore.subscribe((state) => {
      if (state.status === "connected" && state.address) {
        unsubscribe();
        // Also when a reconnect (not the dialog) connected it.
        if (state.dialogOpen) state.setDialogOpen(false);
        resolve(state.address);
      } else if (!state.dialogOpen) {
        unsubscribe();
        reject(new ConnectCancelledError());
      }
    });
  });
}
