import { useState } from "react";
import type { ConfirmOutcome } from "../../card/confirmOutcome.ts";

/**
 * One card confirmation at a time, for either card form: a declined card, card data refused or a
 * provider error stays on the form as `problem` (try another card, fix it, pay again: the order
 * stays open while its hold lasts); anything else goes to `onOutcome`, a decline too (the page
 * reads the order again: the server records the decline).
 */
export function usePayment(onOutcome: (outcome: ConfirmOutcome) => void) {
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pay = async (confirm: () => Promise<ConfirmOutcome>): Promise<void> => {
    if (paying) return;
    setPaying(true);
    setProblem(null);
    try {
      const outcome = await confirm();
      if (outcome.kind === "invalid" || outcome.kind === "error") setProblem(outcome.message);
      else if (outcome.kind === "declined") {
        setProblem(`${outcome.message} Nothing was charged: try another card.`);
        onOutcome(outcome);
      } else onOutcome(outcome);
    } catch {
      setProblem("Could not reach the payment provider. Check your connection and try again.");
    } finally {
      setPaying(false);
    }
  };
  return { paying, problem, setProblem, pay };
}
