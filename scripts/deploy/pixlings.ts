import {
  getAddress,
  parseEther,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { pixChain } from "../../shared/src/chains.ts";
import { pixlingsAbi, pixlingsBytecode } from "../../shared/src/contract.ts";
import { DEFAULT_TIER_PRICES } from "../../shared/src/tiers.ts";
import { readEnv } from "../env.ts";

/** The contract's constructor argument (`Pixlings.Setup`): everything a deployment decides. */
export interface PixlingsSetup {
  owner: Address;
  signer: Address;
  minter: Address;
  artAdmin: Address;
  custody: Address;
  withdrawRecipient: Address;
  royaltyReceiver: Address;
  royaltyBps: bigint;
  /** Common, Rare, Artist, in wei of the chain's native coin. */
  tierPrices: readonly [bigint, bigint, bigint];
  mintingActive: boolean;
}

export const DEFAULT_ROYALTY_BPS = 500n;

/**
 * The setup for a chain: prices by the chain's coin, every role and address the deployer unless
 * the PIXLINGS_* env variables or `overrides` say otherwise, 5% royalties, minting active.
 */
export function defaultSetup(chainId: number, deployer: Address, overrides?: Partial<PixlingsSetup>): PixlingsSetup {
  const env = readEnv();
  const prices = DEFAULT_TIER_PRICES[pixChain(chainId).coin];
  return {
    owner: env.PIXLINGS_OWNER ?? deployer,
    signer: env.PIXLINGS_SIGNER ?? deployer,
    minter: env.PIXLINGS_MINTER ?? deployer,
    artAdmin: env.PIXLINGS_ART_ADMIN ?? deployer,
    custody: env.PIXLINGS_CUSTODY ?? deployer,
    withdrawRecipient: env.PIXLINGS_WITHDRAW_RECIPIENT ?? deployer,
    royaltyReceiver: env.PIXLINGS_ROYALTY_RECEIVER ?? deployer,
    royaltyBps: env.PIXLINGS_ROYALTY_BPS === undefined ? DEFAULT_ROYALTY_BPS : BigInt(env.PIXLINGS_ROYALTY_BPS),
    tierPrices: [parseEther(prices.Common), parseEther(prices.Rare), parseEther(prices.Artist)],
    mintingActive: true,
    ...overrides,
  };
}

/** Deploys Pixlings and waits for the receipt; throws unless the deployment succeeded. */
export async function deployPixlings(p: {
  walletClient: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient;
  setup: PixlingsSetup;
}): Promise<{ address: Address; blockNumber: bigint; txHash: Hash }> {
  const txHash = await p.walletClient.deployContract({
    abi: pixlingsAbi,
    bytecode: pixlingsBytecode,
    args: [p.setup],
  });
  const receipt = await p.publicClient.waitForTransactionReceipt({ hash: txHash });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new Error(`Deploying Pixlings failed: transaction ${txHash} ${receipt.status} in block ${receipt.blockNumber}`);
  }
  return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber, txHash };
}
