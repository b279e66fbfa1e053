import { ui } from "../../components/ui.ts";
import { PageShell } from "../static/PageShell.tsx";

/** Button styles with sample payment labels, each kind also disabled (test/e2e/contrast.spec.ts checks every state of each). */
export default function CssTestPage() {
  return (
    <PageShell title="CSS Test">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.primary}>
            Pay 0.0100 ETH
          </button>
          <button type="button" className={ui.secondary}>
            Pay $24.00
          </button>
          <button type="button" className={ui.ghost}>
            Cancel
          </button>
          <button type="button" className={ui.danger}>
            Remove
          </button>
          <button type="button" className={`${ui.primary} ${ui.small}`}>
            Mint to Wallet
          </button>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.primary} disabled>
            Processing...
          </button>
          <button type="button" className={ui.secondary} disabled>
            Pay $24.00 (disabled)
          </button>
          <button type="button" className={ui.ghost} disabled>
            Cancel (disabled)
          </button>
          <button type="button" className={ui.danger} disabled>
            Remove (disabled)
          </button>
        </div>
      </div>
    </PageShell>
  );
}
