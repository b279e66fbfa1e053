import {
  decodeAbiParameters,
  encodeAbiParameters,
  getAddress,
  keccak256,
  parseEther,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { pixlingsAbi, pixlingsBytecode } from "@pixlings/shared/contract";
import { DEFAULT_TIER_PRICES } from "@pixlings/shared/tiers";
import { readEnv } from "../env.ts";
import { localSetupAddresses, publicSetupAddresses, type SetupAddresses } from "./roles.ts";

/** The contract's constructor argument (`Pixlings.Setup`): everything a deployment decides. */
export interface PixlingsSetup extends SetupAddresses {
  royaltyBps: bigint;
  /** Common, Rare, Artist, in wei of the chain's native coin. */
  tierPrices: readonly [bigint, bigint, bigint];
  mintingActive: boolean;
}

const DEFAULT_ROYALTY_BPS = 500n;

/**
 * The setup for a chain: prices by the chain's coin, 5% royalties, the sale closed (the deploy
 * opens it once every tokenURI renders; see openSale.ts). Roles: on local chains the dev roles
 * (localSetupAddresses; PIXLINGS_* are ignored there), elsewhere the PIXLINGS_* variables
 * (publicSetupAddresses: signer, minter and custody are required). `overrides` win.
 */
export function defaultSetup(chainId: number, deployer: Address, overrides?: Partial<PixlingsSetup>): PixlingsSetup {
  const known = pixChain(chainId);
  const prices = DEFAULT_TIER_PRICES[known.coin];
  const env = known.local ? undefined : readEnv();
  const addresses = env ? publicSetupAddresses(env, deployer, known.chain.name) : localSetupAddresses(deployer);
  return {
    ...addresses,
    royaltyBps: env?.PIXLINGS_ROYALTY_BPS === undefined ? DEFAULT_ROYALTY_BPS : BigInt(env.PIXLINGS_ROYALTY_BPS),
    tierPrices: [parseEther(prices.Common), parseEther(prices.Rare), parseEther(prices.Artist)],
    mintingActive: false,
    ...overrides,
  };
}

const CONSTRUCTOR_INPUTS = pixlingsAbi.find((item) => item.type === "constructor")!.inputs;

/**
 * The setup a deployment transaction's input (creation bytecode + constructor argument) carries,
 * or undefined when it did not deploy this build's bytecode.
 */
export function setupOfCreation(input: Hex): PixlingsSetup | undefined {
  if (!input.toLowerCase().startsWith(pixlingsBytecode.toLowerCase())) return undefined;
  const [setup] = decodeAbiParameters(CONSTRUCTOR_INPUTS, `0x${input.slice(pixlingsBytecode.length)}`);
  return setup;
}

/** keccak256 of the ABI-encoded constructor argument: equal exactly when two setups are equal. */
export function setupHash(setup: PixlingsSetup): Hash {
  return keccak256(encodeAbiParameters(CONSTRUCTOR_INPUTS, [setup]));
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
