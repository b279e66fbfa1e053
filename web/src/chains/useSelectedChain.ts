import { useQuery } from "@tanstack/react-query";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { queries } from "../api/queries.ts";
import { useWalletStore } from "../wallet/walletStore.ts";
import { resolvePreferredChain } from "./chainPreference.ts";
import { useChainPreference } from "./useChainPreference.ts";

export interface SelectedChain {
  chains: ChainInfo[] | undefined;
  selected: ChainInfo | undefined;
  isLoading: boolean;
  error: Error | null;
  choose(chainId: number): void;
}

/** The chains on sale (GET /api/chains) and the one the buyer prices and mints in. */
export function useSelectedChain(): SelectedChain {
  const chainsQuery = useQuery(queries.chains());
  const stored = useChainPreference((state) => state.stored);
  const choose = useChainPreference((state) => state.choose);
  const address = useWalletStore((state) => (state.status === "connected" ? state.address : undefined));
  const chains = chainsQuery.data;
  const storedIsSold = stored !== null && chains?.some((chain) => chain.chainId === stored) === true;
  const history = useQuery({ ...queries.chainHistory(address ?? ""), enabled: Boolean(address && chains && !storedIsSold) });
  const selectedId = chains ? resolvePreferredChain({ chains, stored, history: history.data?.preferredChain ?? null }) : undefined;
  return {
    chains,
    selected: chains?.find((chain) => chain.chainId === selectedId),
    isLoading: chainsQuery.isLoading,
    error: chainsQuery.error,
    choose,
  };
}
