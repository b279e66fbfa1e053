import { runMain } from "../cli.ts";
import { loadDotEnv } from "@pixlings/shared/node/dotEnv";
import { readEnv } from "../env.ts";
import { runUntilStopped, startLocalChains } from "./localChains.ts";

/** `npm run chains`: just the two local chains, with persisted state, until Ctrl-C. */
async function main(): Promise<number> {
  loadDotEnv();
  readEnv();
  const chains = await startLocalChains();
  for (const chain of chains) console.log(`${chain.name} (chain ${chain.chainId}): ${chain.url}`);
  console.log("Chains running; Ctrl-C stops them and saves their state in .pixlings/chains/.");
  return runUntilStopped(chains);
}

runMain(main);
