import { formatCents } from "../../card/cardPrices.ts";
import { ui } from "../../components/ui.ts";

/** The end of a card form: why the last try failed, and Pay (disabled, "Processing...", while paying). */
export function PayFooter({ amount, paying, ready = true, problem }: { amount: number; paying: boolean; ready?: boolean; problem: string | null }) {
  return (
    <>
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {problem}
        </p>
      )}
      <button type="submit" className={ui.primary} disabled={!ready || paying}>
        {paying ? "Processing..." : `Pay ${formatCents(amount)}`}
      </button>
    </>
  );
}
