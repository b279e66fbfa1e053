import { BaseError, ContractFunctionZeroDataError, isAddressEqual } from "viem";
import { CHAINS } from "@pixlings/shared/chains";
import { ownersOnChain } from "../chains/ownersOnChain.ts";
import type { CustodyChain } from "./custodyChain.ts";

/** How often a custody mint waiting for its block to become final looks again. */
export const FINALITY_POLL_MS = 2_000;

/**
 * How old a head a look at a mint not final yet may use: the one the receipt waits read a moment
 * ago (viem's cache per client), so a drop's hundreds of such looks a minute share its requests. A
 * head read earlier is lower, so it can only make a block final later, never sooner.
 */
const SHARED_HEAD_MS = 100;

/** The chain's last final block: `finalityBlocks` behind its head, as the indexer counts it (undefined: none yet). */
async function finalBlockOf(chain: CustodyChain, cacheTime = 0): Promise<bigint | undefined> {
  const head = await chain.client.getBlockNumber({ cacheTime });
  const final = head - BigInt(CHAINS[chain.sale.chainId as keyof typeof CHAINS].finalityBlocks);
  return final < 0n ? undefined : final;
}

/** Whether `block` is final on the chain now (one read of its head). */
export async function blockIsFinal(chain: CustodyChain, block: bigint): Promise<boolean> {
  const finalBlock = await finalBlockOf(chain, SHARED_HEAD_MS);
  return finalBlock !== undefined && block <= finalBlock;
}

/** Whether `error` is a read at a block where the contract had no code yet (deployed later). */
const beforeDeploy = (error: unknown): boolean => error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionZeroDataError) !== null;

/**
 * Whether the custody mint of `ids` is final: custody owns every one of them at the primary
 * chain's last final block (a reorg can no longer drop it, as voucher holds count a mint). Read
 * from the chain, whichever transaction minted them; `minedIn`, the block of the job's own mint
 * when known, spares the read while that block is not final yet.
 */
export async function mintIsFinal(chain: CustodyChain, ids: readonly number[], minedIn?: bigint): Promise<{ final: boolean; finalBlock?: bigint }> {
  const finalBlock = await finalBlockOf(chain);
  if (finalBlock === undefined || (minedIn !== undefined && minedIn > finalBlock)) return { final: false, finalBlock };
  try {
    const owners = await ownersOnChain(chain, ids, { blockNumber: finalBlock });
    return { final: ids.every((id) => isAddressEqual(owners.get(id) ?? "0x0000000000000000000000000000000000000000", chain.custody.address)), finalBlock };
  } catch (error) {
    if (beforeDeploy(error)) return { final: false, finalBlock };
    throw error;
  }
}
