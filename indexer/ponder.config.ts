import { createConfig } from "ponder";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { databaseConfig, indexedChains } from "@pixlings/shared/node/indexerConfig";

// Read only from the environment: `npm run indexer` (scripts/indexer/cli.ts) loads the repo's .env first, and
// tests pass exactly what they mean.
const { chains, skipped } = indexedChains(process.env);
for (const reason of skipped) console.warn(`Pixlings indexer: skipping ${reason}`);

export default createConfig({
  // Each chain is indexed on its own, as soon as its blocks arrive; no table row is shared by two
  // chains (cross-chain totals are the total_stats view), so the per-chain order is enough.
  ordering: "multichain",
  database: databaseConfig(process.env),
  chains: Object.fromEntries(chains.map((c) => [c.name, { id: c.chainId, rpc: c.rpc, pollingInterval: c.pollingInterval, ...(c.ws ? { ws: c.ws } : {}) }])),
  contracts: {
    Pixlings: {
      abi: pixlingsAbi,
      chain: Object.fromEntries(chains.map((c) => [c.name, { address: c.address, startBlock: c.startBlock }])),
    },
  },
});
