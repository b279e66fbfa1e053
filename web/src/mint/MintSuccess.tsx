import { Link } from "react-router";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { explorerTxUrl } from "../chains/chainName.ts";
import { ui } from "../components/ui.ts";
import { shortHash } from "../format/format.ts";
import type { MintResult } from "./runMint.ts";

/** After a mint: the shortened transaction hash, a block explorer link and where to go next. */
export function MintSuccess({ result, chain }: { result: MintResult; chain: ChainInfo | undefined }) {
  const url = explorerTxUrl(chain, result.hash);
  return (
    <section aria-labelledby="mint-success" className="rounded-xl border border-green-300 bg-green-50 p-5 dark:border-green-800 dark:bg-green-950">
      <h2 id="mint-success" className="text-xl font-bold text-green-900 dark:text-green-100">
        Mint Successful!
      </h2>
      <p className="mt-2 text-sm">
        {result.tokenIds.map((id) => `Pix #${id}`).join(", ")} minted on {chain?.name ?? `chain ${result.chainId}`}.
        {!result.indexed && " The storefront will show it in a moment."}
      </p>
      <p className="mt-2 text-sm">
        Transaction: <span className="font-mono">{shortHash(result.hash)}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {url && (
          <a href={url} target="_blank" rel="noreferrer" className={ui.secondary}>
            View on block explorer
          </a>
        )}
        <Link to="/my-pixlings" className={ui.secondary}>
          My Pixlings
        </Link>
        <Link to="/browse" className={ui.primary}>
          Browse more
        </Link>
      </div>
    </section>
  );
}
