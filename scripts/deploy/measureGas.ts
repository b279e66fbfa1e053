import { bytesToHex, createPublicClient, createTestClient, createWalletClient, http, type Address, type Chain, type Hash } from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { pixlingsAbi, pixlingsBytecode } from "@pixlings/shared/contract";
import { freePort } from "../chains/freePort.ts";
import { startLocalChain } from "../chains/localChain.ts";
import type { PixlingsSetup } from "./pixlings.ts";
import type { ArtChunk } from "./uploadArt.ts";

/** Gas used by each step of a deploy. */
export interface DeployGas {
  deployment: bigint;
  upload: bigint;
  sale: bigint;
}

/**
 * The gas the deploy's transactions use, measured by sending them to a throwaway anvil started
 * with the chain's id (nothing is sent to the real chain): the deployment with `setup` (when
 * `deploy`), each of `chunks`, and the sale opening (when `openSale`). Gas depends on the build,
 * the setup and the art, not on the chain's state, so this is what the real chain will use; the
 * real chain only prices it. Senders are impersonated, so no key is needed.
 */
export async function measureDeployGas(p: {
  chainId: number;
  deployer: Address;
  setup: PixlingsSetup;
  chunks: readonly ArtChunk[];
  deploy: boolean;
  openSale: boolean;
}): Promise<DeployGas> {
  if (!p.deploy && p.chunks.length === 0 && !p.openSale) return { deployment: 0n, upload: 0n, sale: 0n };
  // In our process group: a Ctrl-C during the preview stops this throwaway chain too.
  const local = await startLocalChain({ chainId: p.chainId, port: await freePort(), detached: false });
  try {
    const chain: Chain = { ...pixChain(p.chainId).chain, rpcUrls: { default: { http: [local.url] } } };
    const transport = http(local.url);
    const test = createTestClient({ chain, mode: "anvil", transport });
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
    const wallet = createWalletClient({ chain, transport });
    for (const address of new Set([p.deployer, p.setup.owner, p.setup.artAdmin])) {
      await test.impersonateAccount({ address });
      await test.setBalance({ address, value: 10n ** 30n });
    }
    const gasOf = async (hash: Hash): Promise<bigint> => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`the dry run's transaction ${hash} reverted`);
      return receipt.gasUsed;
    };
    const deployHash = await wallet.deployContract({ account: p.deployer, abi: pixlingsAbi, bytecode: pixlingsBytecode, args: [p.setup] });
    const deployment = await gasOf(deployHash);
    const address = (await publicClient.getTransactionReceipt({ hash: deployHash })).contractAddress!;
    let upload = 0n;
    for (const chunk of p.chunks) {
      const args = [BigInt(chunk.chunkIndex), bytesToHex(chunk.tiers), bytesToHex(chunk.blob)] as const;
      upload += await gasOf(await wallet.writeContract({ account: p.setup.artAdmin, address, abi: pixlingsAbi, functionName: "writeArtChunk", args }));
    }
    const sale = p.openSale
      ? await gasOf(await wallet.writeContract({ account: p.setup.owner, address, abi: pixlingsAbi, functionName: "setMintingActive", args: [true] }))
      : 0n;
    return { deployment: p.deploy ? deployment : 0n, upload, sale };
  } finally {
    await local.stop();
  }
}
