import type { ChainInfo } from "@pixlings/shared/http/sale";

/** localStorage key of the buyer's chosen chain (spec: preferredChain). */
export const PREFERRED_CHAIN_KEY = "preferredChain";

export interface ChainPreferenceInputs {
  /** The chains this deployment sells on (GET /api/chains), primary first. */
  chains: readonly Pick<ChainInfo, "chainId" | "primary">[];
  /** The chain stored under preferredChain, if any. */
  stored: number | null;
  /** GET /api/wallet/chain-history's preferredChain for the connected wallet, if known. */
  history: number | null;
}

/** The chain to show prices in and mint on: stored choice, else wallet history, else the primary chain. */
export function resolvePreferredChain({ chains, stored, history }: ChainPreferenceInputs): number | undefined {
  const sold = (id: number | null): id is number => id !== null && chains.some((chain) => chain.chainId === id);
  if (sold(stored)) return stored;
  if (sold(history)) return history;
  return (chains.find((chain) => chain.primary) ?? chains[0])?.chainId;
}

/** The selection follows the wallet when it moves to a chain we sell on (spec: "follows the wallet chain"). */
export function chainToFollow(
  chains: readonly Pick<ChainInfo, "chainId">[],
  walletChainId: number | undefined,
  selected: number | undefined,
): number | undefined {
  if (walletChainId === undefined || walletChainId === selected) return undefined;
  return chains.some((chain) => chain.chainId === walletChainId) ? walletChainId : undefined;
}

/** A stored value as a chain id, or null when it is missing or not a positive integer. */
export function parseStoredChain(raw: string | null): number | null {
  if (raw === null || !/^[1-9][0-9]{0,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

export function readStoredChain(storage: Storage | undefined): number | null {
  try {
    return parseStoredChain(storage?.getItem(PREFERRED_CHAIN_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeStoredChain(storage: Storage | undefined, chainId: number): void {
  try {
    storage?.setItem(PREFERRED_CHAIN_KEY, String(chainId));
  } catch (error) {
    console.warn("Could not save the preferred chain", error);
  }
}
