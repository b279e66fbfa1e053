import { CHAINS, isChainId } from "@pixlings/shared/chains";
import type { StackInfo } from "@pixlings/test-kit/stack";

/**
 * Mines the blocks that make everything in the chain's blocks so far final (its `finalityBlocks`),
 * as a live chain goes on: a card or freemint order counts as minted only then. The stack's
 * chains mine only on transactions.
 */
export async function mineToFinality(stack: StackInfo, chainId: number): Promise<void> {
  const chain = stack.chains.find((c) => c.chainId === chainId);
  if (!chain || !isChainId(chainId)) throw new Error(`chain ${chainId} is not in the stack`);
  const response = await fetch(chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [`0x${CHAINS[chainId].finalityBlocks.toString(16)}`, "0x0"] }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`anvil_mine on chain ${chainId}: ${body.error.message}`);
}
