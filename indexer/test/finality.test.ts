// The sale releases a minted hold once its mint is final as the indexer counts it, and pauses
// vouchers while the indexer lags; that is safe only while the lag allowed stays below Ponder's
// finality depth. The chain table (shared/src/chains.ts) states that depth: hold it to Ponder's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CHAIN_IDS, CHAINS } from "@pixlings/shared/chains";

interface PonderFinality {
  getFinalityBlockCount(p: { chain: { id: number } }): number;
}

/** Ponder does not export it; the pinned version's own module is read where it lives. */
async function ponderFinality(): Promise<PonderFinality> {
  const entry = import.meta.resolve("ponder");
  return (await import(new URL("./utils/finality.js", entry).href)) as PonderFinality;
}

test("every chain's finality depth is the one Ponder counts", async () => {
  const { getFinalityBlockCount } = await ponderFinality();
  for (const id of CHAIN_IDS) {
    assert.equal(CHAINS[id].finalityBlocks, getFinalityBlockCount({ chain: { id } }), `chain ${id}`);
  }
});
