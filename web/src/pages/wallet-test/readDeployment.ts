// Loaded on demand by DeploymentCard.tsx: viem and the ABI.
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { publicClientOf } from "../../chains/publicRpc.ts";

/** The contract on one chain as its public RPC shows it, at one block. */
export interface Deployment {
  block: bigint;
  /** Whether any code is at the address `GET /api/chains` names. */
  deployed: boolean;
  /** Read only where there is code. */
  mintingActive: boolean | undefined;
  totalSupply: bigint | undefined;
}

/** Reads whether Pixlings is deployed at `chain.contract`, and its sale state, from the chain's public RPC. */
export async function readDeployment(chain: ChainInfo): Promise<Deployment> {
  const client = publicClientOf(chain);
  const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })]);
  if (chainId !== chain.chainId) throw new Error(`its RPC answered for chain ${chainId}, not ${chain.chainId}`);
  const code = await client.getCode({ address: chain.contract, blockNumber: block });
  if (!code || code === "0x") return { block, deployed: false, mintingActive: undefined, totalSupply: undefined };
  const at = { address: chain.contract, abi: pixlingsAbi, blockNumber: block } as const;
  const [mintingActive, totalSupply] = await Promise.all([
    client.readContract({ ...at, functionName: "mintingActive" }),
    client.readContract({ ...at, functionName: "totalSupply" }),
  ]);
  return { block, deployed: true, mintingActive, totalSupply };
}
