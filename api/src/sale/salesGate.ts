import { chainHead } from "../chains/chainHeads.ts";
import { CodedError, type HttpError } from "../http/HttpError.ts";
import type { ChainSaleStatus } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { SaleConfig } from "./saleConfig.ts";

const RETRY_AFTER_SECONDS = 5;

const paused = (reason: string): HttpError =>
  new CodedError(`Sales are paused for a moment: ${reason}. Please try again in a few seconds.`, { code: "sales_paused", retryAfter: RETRY_AFTER_SECONDS });

/** 503 "sales_paused" for an indexer that did not answer (`cause`): it may be re-indexing, or gone. */
export function indexerSilent(cause: unknown): HttpError {
  const error = paused("the indexer is not answering");
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/**
 * Vouchers are issued only while the indexer is caught up with every sale chain (its latest block,
 * in `statuses`, within `maxIndexerLagBlocks` of the head the chain's RPC reports) and `chain`'s
 * contract sells: an indexer that is behind, restarting or re-indexing could show long-minted ids
 * as free. Otherwise 503 `{ code: "sales_paused" | "minting_paused", retryAfter }`.
 */
export async function assertSalesOpen(sale: SaleConfig, chain: SaleChain, statuses: readonly ChainSaleStatus[]): Promise<void> {
  const heads = await Promise.all(
    sale.chains.map((c) =>
      chainHead(c).catch(() => {
        throw paused(`${c.name} is not answering`);
      }),
    ),
  );
  sale.chains.forEach((c, i) => {
    const status = statuses.find((s) => s.chainId === c.chainId);
    const head = heads[i] ?? 0;
    if (!status) throw paused(`${c.name} is not indexed yet`);
    if (status.latest.number < head - sale.holds.maxIndexerLagBlocks) {
      throw paused(`the indexer is catching up with ${c.name} (block ${status.latest.number} of ${head})`);
    }
  });
  if (statuses.find((s) => s.chainId === chain.chainId)?.mintingActive !== true) {
    throw new CodedError(`Minting is paused on ${chain.name} for now.`, { code: "minting_paused", retryAfter: 60 });
  }
}
