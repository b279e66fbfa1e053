import { ui } from "../../components/ui.ts";
import { formatCoin, formatUsd } from "../../format/format.ts";
import { PageShell } from "../static/PageShell.tsx";

/** A static demo of the crypto payment summary, with the spec's sample amounts. */
export default function CryptoDemoPage() {
  return (
    <PageShell title="Crypto Payment Demo">
      <div className={`${ui.card} flex flex-col gap-3`}>
        <p className={ui.muted}>A sample order of two Pix, as the checkout shows it.</p>
        <dl className="grid grid-cols-2 gap-2">
          <dt>Total</dt>
          <dd className="text-right font-bold">{formatCoin("0.26", "ETH")}</dd>
          <dt>In US dollars</dt>
          <dd className="text-right">{formatUsd(624)}</dd>
        </dl>
        <button type="button" className={ui.primary} disabled>
          Pay with Crypto (demo)
        </button>
      </div>
    </PageShell>
  );
}
