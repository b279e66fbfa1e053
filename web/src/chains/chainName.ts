import { CHAINS, isChainId } from "@pixlings/shared/chains";
import type { ChainInfo } from "@pixlings/shared/http/sale";

/** A chain's display name: this deployment's name, else the shared chain table's, else "chain {id}". */
export function chainName(chainId: number, chains: readonly ChainInfo[] | undefined): string {
  return chains?.find((chain) => chain.chainId === chainId)?.name ?? (isChainId(chainId) ? CHAINS[chainId].chain.name : `chain ${chainId}`);
}

/** The spec's gas label of a chain (shared CHAINS), else what the API says. */
export function gasLabel(chain: Pick<ChainInfo, "chainId" | "gasLabel">): string {
  return isChainId(chain.chainId) ? CHAINS[chain.chainId].gasLabel : chain.gasLabel;
}

/** A transaction's page on the chain's block explorer, when the chain has one. */
export function explorerTxUrl(chain: Pick<ChainInfo, "explorerUrl"> | undefined, hash: string): string | undefined {
  return chain?.explorerUrl ? `${chain.explorerUrl.replace(/\/+$/, "")}/tx/${hash}` : undefined;
}
