import { ui } from "../../components/ui.ts";
import { PageShell } from "../static/PageShell.tsx";

/** Button styles with sample payment labels. */
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
          <button type="button" className={ui.primary} disabled>
            Processing...
          </button>
        </div>
      </div>
    </PageShell>
  );
}
