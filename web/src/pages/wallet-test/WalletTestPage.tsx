import { useQuery } from "@tanstack/react-query";
import { queries } from "../../api/queries.ts";
import { chainName } from "../../chains/chainName.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { toastForError } from "../../errors/toastForError.ts";
import { toast } from "../../toast/toastStore.ts";
import { loadWallet } from "../../wallet/loadWallet.ts";
import { useWallet } from "../../wallet/useWallet.ts";
import { useWalletStore } from "../../wallet/walletStore.ts";
import { PageShell } from "../static/PageShell.tsx";
import { DeploymentCard } from "./DeploymentCard.tsx";
import { WalletStatusBadge } from "./WalletStatusBadge.tsx";

async function disconnect(): Promise<void> {
  try {
    await (await loadWallet()).disconnect();
  } catch (error) {
    const notice = toastForError(error, "connect");
    if (notice) toast(notice);
  }
}

/**
 * /wallet-test, the spec's standalone wallet test page: a connect button, the wallet's status
 * badge (and what it is connected with), and per chain a contract deployment status card read
 * live from the chain. For checking a browser's wallet against this deployment before buying.
 */
export default function WalletTestPage() {
  const wallet = useWallet();
  const walletName = useWalletStore((state) => state.walletName);
  const chains = useQuery(queries.chains());
  const list = chains.data ?? [];
  return (
    <PageShell title="Wallet Test" wide>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="wallet-title" className={`${ui.card} flex flex-col gap-3`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="wallet-title" className="text-lg font-bold">
              Your wallet
            </h2>
            <WalletStatusBadge status={wallet.status} chainId={wallet.chainId} chains={list} />
          </div>
          {wallet.address ? (
            <>
              <dl className="grid gap-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className={ui.muted}>Address</dt>
                  <dd className="font-mono break-all">{wallet.address}</dd>
                </div>
                <div>
                  <dt className={ui.muted}>Chain</dt>
                  <dd className="font-semibold">{wallet.chainId === undefined ? "—" : `${chainName(wallet.chainId, list)} (${wallet.chainId})`}</dd>
                </div>
                <div>
                  <dt className={ui.muted}>Wallet</dt>
                  <dd className="font-semibold">{walletName ?? "—"}</dd>
                </div>
              </dl>
              <button type="button" className={`${ui.secondary} self-start`} onClick={() => void disconnect()}>
                Disconnect
              </button>
            </>
          ) : (
            <button type="button" className={`${ui.primary} self-start`} onClick={wallet.connect}>
              Connect Wallet
            </button>
          )}
        </section>
        {chains.isPending ? (
          <Spinner label="Loading deployments..." />
        ) : chains.error ? (
          <ErrorNotice error={chains.error} title="Could not load the chains on sale" onRetry={() => void chains.refetch()} retrying={chains.isFetching} />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {list.map((chain) => (
              <DeploymentCard key={chain.chainId} chain={chain} />
            ))}
          </div>
        )}
      </div>
    </PageShell>
  );
}
