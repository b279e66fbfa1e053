import type { Address, PublicClient } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";

/** Blocks per eth_getLogs request on public RPCs (many cap the range); halved on refusal down to MIN_WINDOW. */
const PUBLIC_WINDOW = 10_000n;
const MIN_WINDOW = 500n;

export interface RoleHolders {
  /** Every address whose roles the contract reports non-zero now, with its role bits. */
  holders: Map<Address, bigint>;
  /** Set when the logs could not be read in full: holders are then the known addresses' only. */
  incomplete?: string;
}

/** Every address a RolesUpdated log names from `fromBlock` on (the last value per address wins; read again below). */
async function addressesFromLogs(publicClient: PublicClient, address: Address, fromBlock: bigint, wholeRange: boolean): Promise<Set<Address>> {
  const head = await publicClient.getBlockNumber();
  const seen = new Set<Address>();
  let window = wholeRange ? head - fromBlock + 1n : PUBLIC_WINDOW;
  for (let from = fromBlock; from <= head; ) {
    const to = from + window - 1n > head ? head : from + window - 1n;
    try {
      const logs = await publicClient.getContractEvents({ address, abi: pixlingsAbi, eventName: "RolesUpdated", fromBlock: from, toBlock: to });
      for (const log of logs) if (log.args.user) seen.add(log.args.user);
      from = to + 1n;
    } catch (error) {
      if (window <= MIN_WINDOW) throw error;
      window /= 2n;
    }
  }
  return seen;
}

/**
 * Who holds a role now: the addresses of the contract's RolesUpdated logs since its deployment
 * plus `known` ones (owner, configured role addresses), each checked with `rolesOf`. If the RPC
 * refuses the logs, the known addresses alone, marked incomplete.
 */
export async function readRoleHolders(p: {
  publicClient: PublicClient;
  address: Address;
  fromBlock: bigint;
  local: boolean;
  known: readonly Address[];
}): Promise<RoleHolders> {
  const candidates = new Set<Address>(p.known);
  let incomplete: string | undefined;
  try {
    for (const user of await addressesFromLogs(p.publicClient, p.address, p.fromBlock, p.local)) candidates.add(user);
  } catch (error) {
    incomplete = `the RPC refused the role logs (${(error as Error).message.split("\n")[0]}); showing known addresses only`;
  }
  const holders = new Map<Address, bigint>();
  await Promise.all(
    [...candidates].map(async (user) => {
      const roles = await p.publicClient.readContract({ address: p.address, abi: pixlingsAbi, functionName: "rolesOf", args: [user] });
      if (roles !== 0n) holders.set(user, roles);
    }),
  );
  return incomplete ? { holders, incomplete } : { holders };
}
