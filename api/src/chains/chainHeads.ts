import { publicClientOf } from "./publicClientOf.ts";

/** How long one RPC answer for a chain's head serves every request. */
const HEAD_MAX_AGE_MS = 500;

const heads = new Map<string, { at: number; head: Promise<number> }>();

/**
 * The chain's latest block number from its RPC, shared by the requests of the same half second.
 * Rejects when the RPC does not answer (a failed answer is not kept).
 */
export function chainHead(chain: { rpcUrl: string }): Promise<number> {
  const cached = heads.get(chain.rpcUrl);
  if (cached && performance.now() - cached.at < HEAD_MAX_AGE_MS) return cached.head;
  const head = publicClientOf(chain).getBlockNumber({ cacheTime: 0 }).then(Number);
  const entry = { at: performance.now(), head };
  heads.set(chain.rpcUrl, entry);
  head.catch(() => {
    if (heads.get(chain.rpcUrl) === entry) heads.delete(chain.rpcUrl);
  });
  return head;
}
