import { CodedError } from "../http/HttpError.ts";
import type { SaleFacts } from "../indexer/indexerReader.ts";
import type { SaleConfig } from "./saleConfig.ts";

/** 409 "minted" for a requested id minted on any chain: the one-id-space promise, on every payment path. */
export function refuseMinted(sale: SaleConfig, facts: SaleFacts, tokenIds: readonly number[]): void {
  const sold = facts.minted.find((m) => tokenIds.includes(m.tokenId));
  if (!sold) return;
  const name = sale.chains.find((c) => c.chainId === sold.chainId)?.name ?? `chain ${sold.chainId}`;
  throw new CodedError(`Pix #${sold.tokenId} is already minted on ${name}`, { code: "minted", tokenIds: [sold.tokenId], chainId: sold.chainId });
}
