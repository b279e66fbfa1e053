import { CHAINS, isChainId } from "@pixlings/shared/chains";

/**
 * Mines, on a local chain at `rpcUrl`, the blocks that make everything in its blocks so far final
 * (its `finalityBlocks`), as a live chain goes on: a card or freemint order counts as minted only
 * then. The test chains mine only on transactions.
 */
export async function mineToFinality(rpcUrl: string, chainId: number): Promise<void> {
  if (!isChainId(chainId)) throw new Error(`chain ${chainId} is not supported`);
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [`0x${CHAINS[chainId].finalityBlocks.toString(16)}`, "0x0"] }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`anvil_mine on chain ${chainId}: ${body.error.message}`);
}
