import type { ChainInfo } from "@pixlings/shared/http/sale";
import type { WalletState } from "../../wallet/walletStore.ts";

const badge = "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** The spec's "wallet status badge": not connected, connecting, connected (on a chain on sale or not). */
export function WalletStatusBadge({ status, chainId, chains }: { status: WalletState["status"]; chainId: number | undefined; chains: readonly ChainInfo[] }) {
  const supported = chains.some((chain) => chain.chainId === chainId);
  const [label, tone] =
    status === "connected"
      ? supported
        ? ["Connected", "bg-green-700 text-white"]
        : ["Connected: unsupported chain", "bg-amber-200 text-amber-950"]
      : status === "connecting" || status === "reconnecting"
        ? ["Connecting...", "bg-violet-200 text-violet-950"]
        : status === "disconnected"
          ? ["Not connected", "bg-neutral-200 text-neutral-900 dark:bg-neutral-700 dark:text-neutral-100"]
          : ["Looking for wallets...", "bg-neutral-200 text-neutral-900 dark:bg-neutral-700 dark:text-neutral-100"];
  return (
    <span role="status" className={`${badge} ${tone}`}>
      {label}
    </span>
  );
}
