import type { Address } from "viem";
import { create } from "zustand";

/** idle: wallet code not loaded yet (it loads on demand, keeping it out of the home page's bundle). */
type WalletStatus = "idle" | "loading" | "disconnected" | "connecting" | "reconnecting" | "connected";

/** A wallet the connect dialog offers: one per EIP-6963 announcement (or the plain injected one). */
export interface WalletOption {
  id: string;
  name: string;
  icon: string | undefined;
}

export interface WalletState {
  status: WalletStatus;
  address: Address | undefined;
  chainId: number | undefined;
  walletName: string | undefined;
  wallets: WalletOption[];
  dialogOpen: boolean;
  setDialogOpen(open: boolean): void;
}

/** Mirror of wagmi's connection state, readable without loading wagmi. */
export const useWalletStore = create<WalletState>()((set) => ({
  status: "idle",
  address: undefined,
  chainId: undefined,
  walletName: undefined,
  wallets: [],
  dialogOpen: false,
  setDialogOpen: (dialogOpen) => set({ dialogOpen }),
}));
