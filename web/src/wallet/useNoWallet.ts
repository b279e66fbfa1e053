import { useWalletStore } from "./walletStore.ts";

/** True once the wallet code looked and this browser has no wallet at all (nothing injected or announced). */
export function useNoWallet(): boolean {
  return useWalletStore((state) => state.status === "disconnected" && state.wallets.length === 0);
}
