import { pixChain } from "@pixlings/shared/chains";
import { connectReader } from "../deploy/clients.ts";
import type { ChainView } from "./command.ts";
import { explainError } from "./explainError.ts";
import { readFacts } from "./facts.ts";
import type { AdminTarget } from "./targets.ts";

/** Runs `step` for `target`, turning any failure into one line naming the network (explainError). */
export async function onNetwork<T>(target: AdminTarget, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new Error(explainError(error, target), { cause: error });
  }
}

/** Connects to the target's RPC (checking its chain id), checks the recorded contract has code, and reads its facts. */
export async function openView(target: AdminTarget): Promise<ChainView> {
  return onNetwork(target, async () => {
    const publicClient = await connectReader({ chainId: target.chainId, url: target.url });
    const code = await publicClient.getCode({ address: target.address });
    if (!code || code === "0x") {
      throw new Error(`no contract at the recorded address ${target.address} (was the chain reset? deploy again)`);
    }
    return { target, chain: pixChain(target.chainId), publicClient, address: target.address, facts: await readFacts(publicClient, target.address) };
  });
}
