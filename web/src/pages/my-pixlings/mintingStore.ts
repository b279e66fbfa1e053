import { create } from "zustand";

interface MintingState {
  /** Card Pix on their way to a wallet (Mint to Wallet in progress). */
  minting: ReadonlySet<number>;
  set(tokenId: number, minting: boolean): void;
}

/** Which Pix are being minted to a wallet: every card of one Pix shows it, in any tab. */
export const useMinting = create<MintingState>()((set, get) => ({
  minting: new Set(),
  set: (tokenId, minting) => {
    const next = new Set(get().minting);
    if (minting) next.add(tokenId);
    else next.delete(tokenId);
    set({ minting: next });
  },
}));
