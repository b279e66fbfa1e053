import { COLLECTION } from "@pixlings/shared/collection";
import { mulberry32, shuffled } from "@pixlings/test-kit/prng";

const BENCH_SEED = 0x5eed_9999;
/** About half the collection is minted before measuring. */
const PREMINTED = 5000;
const GROUP = COLLECTION.maxPerTransaction;
const TOKENURI_SAMPLE = 40;

/** Which ids get minted by whom, the same for every contract. */
export interface BenchPlan {
  /** Groups of 10 ids minted before measuring; group 0 goes to the custody address. */
  premint: bigint[][];
  mint1Fresh: bigint;
  mint1Second: bigint;
  mint10Batch: bigint[];
  /** Minted ids whose `tokenURI` gas is sampled. */
  tokenUriSample: bigint[];
}

export function benchPlan(seed: number = BENCH_SEED): BenchPlan {
  const random = mulberry32(seed);
  const ids = shuffled(
    Array.from({ length: COLLECTION.totalSupply }, (_, i) => BigInt(i + 1)),
    random,
  );
  const premint: bigint[][] = [];
  for (let i = 0; i < PREMINTED; i += GROUP) premint.push(ids.slice(i, i + GROUP));
  const free = ids.slice(PREMINTED);
  const mint10Batch = free.slice(2, 2 + GROUP);
  const minted = [free[0]!, free[1]!, ...mint10Batch, ...ids.slice(0, PREMINTED)];
  return {
    premint,
    mint1Fresh: free[0]!,
    mint1Second: free[1]!,
    mint10Batch,
    tokenUriSample: shuffled(minted, random).slice(0, TOKENURI_SAMPLE),
  };
}
