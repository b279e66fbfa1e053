/** The steps of a wallet mint, in order, with the words the page shows for each. */
export const MINT_STEPS = [
  { step: "signing-in", label: "Signing in with Ethereum" },
  { step: "switching", label: "Switching chains..." },
  { step: "authorizing", label: "Reserving your Pix" },
  { step: "awaiting-signature", label: "Waiting for your signature in the wallet" },
  { step: "pending", label: "Transaction pending" },
  { step: "confirmed", label: "Transaction confirmed" },
  { step: "indexed", label: "Indexed: your Pix is minted" },
] as const;

export type MintStep = (typeof MINT_STEPS)[number]["step"];

export function stepIndex(step: MintStep): number {
  return MINT_STEPS.findIndex((entry) => entry.step === step);
}
