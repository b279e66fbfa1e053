import { useQuery } from "@tanstack/react-query";
import { loadWallet } from "./loadWallet.ts";

/**
 * Whether the wallet code loaded (it needs GET /api/chains), as a query: pages that wait for the
 * wallet read its error instead of waiting on a status that fell back to "idle", and refetch() is
 * their Retry (loadWallet starts again after a failure).
 */
export function useWalletLoad() {
  return useQuery({
    queryKey: ["wallet", "load"],
    queryFn: async (): Promise<true> => {
      await loadWallet();
      return true;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
