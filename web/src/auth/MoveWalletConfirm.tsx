import { ui } from "../components/ui.ts";
import { shortAddress } from "../format/format.ts";

/**
 * What moving a wallet out of its own wallet-only account does (the API's 409
 * `wallet_has_own_account`), and the choice: move it, or leave it as it is.
 */
export function MoveWalletConfirm({
  address,
  account,
  moving,
  cancelLabel,
  onMove,
  onCancel,
}: {
  address: string;
  /** How the signed-in account is named: "your Google account", "your Pixlings account". */
  account: string;
  moving: boolean;
  cancelLabel: string;
  onMove(): void;
  onCancel(): void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Wallet <span className="font-mono">{shortAddress(address)}</span> already has a Pixlings account of its own: it signed in before without Google.
      </p>
      <ul className={`list-disc space-y-1 pl-5 text-sm ${ui.muted}`}>
        <li>The wallet and its pending mints move to {account}; its Pix show there.</li>
        <li>Its wallet-only account is closed and signed out in every browser.</li>
        <li>Your wallet asks you to sign once more to confirm. This costs nothing.</li>
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={ui.secondary} onClick={onCancel} disabled={moving}>
          {cancelLabel}
        </button>
        <button type="button" className={ui.primary} onClick={onMove} disabled={moving}>
          {moving ? "Moving..." : "Move it to this account"}
        </button>
      </div>
    </div>
  );
}
