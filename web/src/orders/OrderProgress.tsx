import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import type { CardOrderView } from "@pixlings/shared/http/checkout";
import { queries } from "../api/queries.ts";
import { chainName, explorerTxUrl } from "../chains/chainName.ts";
import { ui } from "../components/ui.ts";
import { usePageTitle } from "../layout/pageTitle.ts";
import { shortHash } from "../format/format.ts";
import { OrderPix } from "./OrderPix.tsx";
import { orderStatus, type OrderTone, type PaymentSent } from "./orderStatus.ts";

const TONES: Record<OrderTone, string> = {
  progress: "border-violet-300 bg-violet-50 text-violet-950 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-50",
  success: "border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50",
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
};

/** Where to go next from an order in this state. */
function NextSteps({ order, buyableAgain }: { order: CardOrderView; buyableAgain: boolean }) {
  if (buyableAgain) {
    const [only] = order.tokenIds;
    return (
      <div className="flex flex-wrap gap-2">
        {order.tokenIds.length === 1 && only !== undefined ? (
          <Link to={`/mint/${only}`} className={ui.primary}>
            Back to Pix #{only}
          </Link>
        ) : (
          <Link to="/browse" className={ui.primary}>
            Back to the collection
          </Link>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={`/my-${COLLECTION.slug}`} className={ui.primary}>
        My {COLLECTION.name}
      </Link>
      <Link to="/browse" className={ui.secondary}>
        Browse more
      </Link>
    </div>
  );
}

/** A card or freemint order as it stands on the server: what happened, its Pix, its transaction, what next. */
export function OrderProgress({ order, sent }: { order: CardOrderView; sent?: PaymentSent | undefined }) {
  const chains = useQuery(queries.chains());
  const chain = chains.data?.find((c) => c.chainId === order.chainId);
  const status = orderStatus(order, chainName(order.chainId, chains.data), sent);
  // The tab says what happened ("Purchase Complete", "Redeemed"), in the site's one title format.
  usePageTitle(status.title.replace(/!$/, ""));
  const txUrl = order.txHash ? explorerTxUrl(chain, order.txHash) : undefined;
  return (
    <section aria-labelledby="order-status" className={`flex flex-col gap-4 rounded-xl border p-5 ${TONES[status.tone]}`}>
      <div role={status.tone === "error" ? "alert" : "status"} className="flex items-start gap-3">
        {!status.terminal && (
          <span aria-hidden="true" className="mt-1 size-5 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent" />
        )}
        <div className="flex flex-col gap-1">
          <h2 id="order-status" className="text-xl font-bold">
            {status.title}
          </h2>
          <p className="text-sm">{status.message}</p>
          {status.detail && <p className="text-sm font-medium">{status.detail}</p>}
        </div>
      </div>
      <OrderPix tokenIds={order.tokenIds} />
      {order.txHash && (
        <p className="text-sm">
          Transaction: <span className="font-mono">{shortHash(order.txHash)}</span>
          {txUrl && (
            <>
              {" "}
              <a href={txUrl} target="_blank" rel="noreferrer" className="font-medium underline">
                View on block explorer
              </a>
            </>
          )}
        </p>
      )}
      {status.terminal && <NextSteps order={order} buyableAgain={status.buyableAgain} />}
    </section>
  );
}
