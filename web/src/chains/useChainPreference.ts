import { create } from "zustand";
import { readStoredChain, writeStoredChain } from "./chainPreference.ts";

const storage = (): Storage | undefined => (typeof localStorage === "undefined" ? undefined : localStorage);

interface ChainPreferenceState {
  /** The chain chosen by the buyer (or followed from the wallet), stored under preferredChain. */
  stored: number | null;
  choose(chainId: number): void;
}

export const useChainPreference = create<ChainPreferenceState>()((set) => ({
  stored: readStoredChain(storage()),
  choose: (chainId) => {
    writeStoredChain(storage(), chainId);
    set({ stored: chainId });
  },
}));
