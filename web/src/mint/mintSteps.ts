/** The steps of a wallet mint, in order, with the words the page shows for each. */
const MINT_STEPS = [
  { step: "connecting", label: "Connecting your wallet" },
  { step: "signing-in", label: "Signing in with Ethereum" },
  { step: "switching", label: "Switching chains..." },
  { step: "authorizing", label: "Reserving your Pix" },
  { step: "awaiting-signature", label: "Waiting for your signature in the wallet" },
  { step: "pending", label: "Transaction pending" },
  { step: "confirmed", label: "Transaction confirmed" },
  { step: "indexed", label: "Indexed: your Pix is minted" },
] as const;

export type MintStep = (typeof MINT_STEPS)[number]["step"];

/** Steps a mint takes only when it needs them (already connected, signed in, on the chain: skipped). */
const SOMETIMES: readonly MintStep[] = ["connecting", "signing-in", "switching"];

function stepIndex(step: MintStep): number {
  return MINT_STEPS.findIndex((entry) => entry.step === step);
}

export type StepState = "done" | "current" | "todo";

/**
 * What the progress list shows, given the steps that happened so far (in order): each of them
 * (done, the last one current), then the steps every mint still takes after it. A skipped step is
 * never shown, a step is never done before it happened, and nothing shows before the first step.
 */
export function progressRows(happened: readonly MintStep[]): { step: MintStep; label: string; state: StepState }[] {
  const last = happened.at(-1);
  if (last === undefined) return [];
  const lastIndex = stepIndex(last);
  return MINT_STEPS.filter(({ step }, index) => happened.includes(step) || (index > lastIndex && !SOMETIMES.includes(step))).map(({ step, label }) => ({
    step,
    label,
    state: step === last ? (last === "indexed" ? "done" : "current") : happened.includes(step) ? "done" : "todo",
  }));
}

/** The mint button's words: what is going on now ("Minting..." only once a transaction is on its way). */
export function mintButtonLabel(running: boolean, current: MintStep | null): string {
  if (!running) return "Mint This Pix";
  switch (current) {
    case null:
      return "Starting...";
    case "connecting":
      return "Connecting wallet...";
    case "signing-in":
      return "Signing in...";
    case "switching":
      return "Switching chains...";
    case "authorizing":
      return "Reserving your Pix...";
    case "awaiting-signature":
      return "Confirm in your wallet...";
    default:
      return "Minting...";
  }
}
