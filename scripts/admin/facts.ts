import { zeroAddress, type Address, type PublicClient } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";

/** The role bits of the contract's constants, by the names the CLI uses. */
interface RoleBits {
  signer: bigint;
  minter: bigint;
  "art-admin": bigint;
}
export type RoleName = keyof RoleBits;
export const ROLE_NAMES: readonly RoleName[] = ["signer", "minter", "art-admin"];

/** What the contract holds now: everything `status` shows and the commands decide from. */
export interface ContractFacts {
  owner: Address;
  /** Undefined when no handover is pending. */
  pendingOwner: Address | undefined;
  roles: RoleBits;
  custody: Address;
  withdrawRecipient: Address;
  royalty: { receiver: Address; bps: bigint };
  /** Common, Rare, Artist, in wei. */
  prices: readonly [bigint, bigint, bigint];
  mintingActive: boolean;
  /** The contract's balance in wei (what `withdraw` sends). */
  balance: bigint;
  totalSupply: bigint;
}

/** Reads ContractFacts at `address` (all at once; batched on local chains). */
export async function readFacts(publicClient: PublicClient, address: Address): Promise<ContractFacts> {
  const read = { address, abi: pixlingsAbi } as const;
  const [owner, pendingOwner, signer, minter, artAdmin, custody, withdrawRecipient, royalty, prices, mintingActive, balance, totalSupply] = await Promise.all([
    publicClient.readContract({ ...read, functionName: "owner" }),
    publicClient.readContract({ ...read, functionName: "pendingOwner" }),
    publicClient.readContract({ ...read, functionName: "ROLE_SIGNER" }),
    publicClient.readContract({ ...read, functionName: "ROLE_MINTER" }),
    publicClient.readContract({ ...read, functionName: "ROLE_ART_ADMIN" }),
    publicClient.readContract({ ...read, functionName: "custody" }),
    publicClient.readContract({ ...read, functionName: "withdrawRecipient" }),
    // royaltyInfo of a sale of 10,000 wei pays exactly the basis points.
    publicClient.readContract({ ...read, functionName: "royaltyInfo", args: [0n, 10_000n] }),
    publicClient.readContract({ ...read, functionName: "tierPrices" }),
    publicClient.readContract({ ...read, functionName: "mintingActive" }),
    publicClient.getBalance({ address }),
    publicClient.readContract({ ...read, functionName: "totalSupply" }),
  ]);
  return {
    owner,
    pendingOwner: pendingOwner === zeroAddress ? undefined : pendingOwner,
    roles: { signer, minter, "art-admin": artAdmin },
    custody,
    withdrawRecipient,
    royalty: { receiver: royalty[0], bps: royalty[1] },
    prices,
    mintingActive,
    balance,
    totalSupply,
  };
}
