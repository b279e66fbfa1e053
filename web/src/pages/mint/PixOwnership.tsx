import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Nft } from "@pixlings/shared/http/nfts";
import { queries } from "../../api/queries.ts";
import { useUser } from "../../auth/useAuth.ts";
import { explorerTxUrl } from "../../chains/chainName.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { ui } from "../../components/ui.ts";
import { formatDateTime } from "../../format/format.ts";
import { useWalletStore } from "../../wallet/walletStore.ts";
import { historyAhead, historyText, ownerText, viewerOwns } from "./ownership.ts";

/** While the history shows a holder the Pix's answer lacks, that answer is asked again this often. */
const CATCH_UP_MS = 500;

/** "You own this" when the viewer does: their wallet holds the Pix, or custody holds it for them (their session's list says so). */
function useViewerOwns(nft: Nft): boolean {
  const user = useUser();
  const connected = useWalletStore((state) => (state.status === "connected" ? state.address : undefined));
  const card = useQuery({ ...queries.ownerPixlings(), enabled: Boolean(user.data) && nft.ownerType === "card" });
  return viewerOwns(nft, {
    connected,
    wallets: [user.data?.walletAddress ?? null, ...(user.data?.linkedWallets ?? [])],
    cardPurchases: card.data?.cardPurchases.map((pix) => pix.tokenId) ?? [],
  });
}

/** A minted Pix's owner, "You own this" for them, and its history from the indexer (minted, moved, art replaced). */
export function PixOwnership({ nft }: { nft: Nft }) {
  const chains = useQuery(queries.chains());
  const history = useQuery(queries.tokenHistory(nft.tokenId));
  // The two are read apart: the owner shown follows the history's news instead of contradicting it.
  const ahead = history.data !== undefined && historyAhead(nft, history.data.events);
  useQuery({ ...queries.token(nft.tokenId), refetchInterval: ahead ? CATCH_UP_MS : false });
  const owns = useViewerOwns(nft);
  const owner = ownerText(nft);
  return (
    <section aria-labelledby="owner-title" className={`${ui.card} flex flex-col gap-3`}>
      <h2 id="owner-title" className="text-lg font-bold">
        Owner
      </h2>
      {owns ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-green-50 p-3 text-green-950 dark:bg-green-950 dark:text-green-50">
          <p className="font-semibold">You own this</p>
          <Link to={`/owned-pix/${nft.tokenId}`} className={`${ui.secondary} ${ui.small}`}>
            Open in My {COLLECTION.name}
          </Link>
        </div>
      ) : null}
      {owner && (
        <p data-testid="pix-owner" className="break-words">
          {nft.ownerType === "card" ? owner : <span className="font-mono">{owner}</span>}
        </p>
      )}
      <h3 className="mt-2 font-semibold">History</h3>
      {history.error ? (
        <ErrorNotice error={history.error} title="Could not load the history" onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : !history.data ? (
        <p className={`text-sm ${ui.muted}`}>Loading history...</p>
      ) : history.data.events.length === 0 ? (
        <p className={`text-sm ${ui.muted}`}>Nothing indexed yet: the history shows in a moment.</p>
      ) : (
        <ol aria-label="History" className="flex flex-col gap-2 text-sm">
          {history.data.events.map((event) => {
            const url = explorerTxUrl(
              chains.data?.find((chain) => chain.chainId === event.chainId),
              event.txHash,
            );
            return (
              <li
                key={`${event.chainId}-${event.txHash}-${event.kind}-${event.to ?? ""}`}
                className="flex flex-col border-l-2 border-violet-300 pl-3 dark:border-violet-700"
              >
                <span className="break-words">{historyText(event, chains.data)}</span>
                <span className={ui.muted}>
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {url && (
                    <>
                      {" · "}
                      <a href={url} target="_blank" rel="noreferrer" className={ui.link}>
                        Transaction
                      </a>
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
