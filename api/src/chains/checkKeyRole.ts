import { BaseError, createPublicClient, http, isAddressEqual, type Address, type PublicClient } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { SaleChain } from "./saleChain.ts";

/** How long an unreachable RPC is retried at start before the API gives up on it. */
const KEY_CHECK_RETRY_MS = 60_000;
const RETRY_EVERY_MS = 1_000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface KeyCheckOptions {
  /** How long an unreachable RPC is retried (default KEY_CHECK_RETRY_MS). */
  retryForMs?: number;
  retryEveryMs?: number;
  /** Per RPC request. */
  timeoutMs?: number;
  /** Called on each failed attempt that will be retried (e.g. to log that the API is waiting). */
  onRetry?: (chain: SaleChain, reason: string) => void;
}

/** A contract role the API's keys act with. */
type ContractRole = "ROLE_SIGNER" | "ROLE_MINTER" | "ROLE_ART_ADMIN";

/**
 * One of the API's keys and what it must be on the contract: the holder of a role, or the custody
 * address. Never the owner either way.
 */
export interface KeyDuty {
  /** How lines name the key, e.g. "voucher key". */
  label: string;
  address: Address;
  duty: { role: ContractRole } | { custody: true };
}

/** The chain as a log line names it, with only the RPC's host: its path or query may hold a key. */
const chainLabel = (chain: SaleChain): string => `Chain ${chain.chainId} (${chain.name}), contract ${chain.contract}`;
const rpcHost = (rpcUrl: string): string => new URL(rpcUrl).host;

const messageOf = (error: unknown): string => (error instanceof BaseError ? error.shortMessage : (error as Error).message);

/** Whether the RPC did not answer (down, timed out, HTTP error): worth retrying, unlike a wrong answer. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return error.walk((e) => e instanceof Error && (e.name === "HttpRequestError" || e.name === "TimeoutError")) !== null;
}

/** What the key is not that it must be, read from the contract. */
async function dutyProblems(client: PublicClient, chain: SaleChain, key: KeyDuty): Promise<string[]> {
  const contract = { address: chain.contract, abi: pixlingsAbi } as const;
  const owner = await client.readContract({ ...contract, functionName: "owner" });
  const ownerProblem = isAddressEqual(owner, key.address) ? ["is the contract's owner (the API must never hold the owner's key)"] : [];
  if ("custody" in key.duty) {
    const custody = await client.readContract({ ...contract, functionName: "custody" });
    const custodyProblem = isAddressEqual(custody, key.address)
      ? []
      : [`is not the contract's custody address (${custody}; the owner sets it with setCustody)`];
    return [...custodyProblem, ...ownerProblem];
  }
  const name = key.duty.role;
  const role = await client.readContract({ ...contract, functionName: name });
  const hasRole = await client.readContract({ ...contract, functionName: "hasAnyRole", args: [key.address, role] });
  return [...(hasRole ? [] : [`does not hold ${name} (the owner grants it with grantRoles)`]), ...ownerProblem];
}

/** What is wrong with the key on the chain, read from the chain; undefined when it may do its duty. */
async function problemOn(client: PublicClient, chain: SaleChain, key: KeyDuty): Promise<string | undefined> {
  const served = await client.getChainId();
  if (served !== chain.chainId) return `the RPC at ${rpcHost(chain.rpcUrl)} serves chain ${served}, not ${chain.chainId}`;
  const code = await client.getCode({ address: chain.contract });
  if (code === undefined || code === "0x") return "no contract is deployed at that address";
  const wrong = await dutyProblems(client, chain, key);
  return wrong.length === 0 ? undefined : `the ${key.label}'s address ${key.address} ${wrong.join(" and ")}`;
}

async function checkOn(chain: SaleChain, key: KeyDuty, options: KeyCheckOptions): Promise<string | undefined> {
  const retryForMs = options.retryForMs ?? KEY_CHECK_RETRY_MS;
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS, retryCount: 0 }) });
  const deadline = Date.now() + retryForMs;
  for (;;) {
    try {
      const problem = await problemOn(client, chain, key);
      return problem === undefined ? undefined : `${chainLabel(chain)}: ${problem}`;
    } catch (error) {
      if (!isUnreachable(error)) return `${chainLabel(chain)}: cannot read the ${key.label}'s role: ${messageOf(error)}`;
      if (Date.now() >= deadline) {
        return `${chainLabel(chain)}: the RPC at ${rpcHost(chain.rpcUrl)} did not answer within ${Math.round(retryForMs / 1000)} s (${messageOf(error)}), so the ${key.label} cannot be checked`;
      }
      options.onRetry?.(chain, messageOf(error));
      await new Promise((resolve) => setTimeout(resolve, options.retryEveryMs ?? RETRY_EVERY_MS));
    }
  }
}

/**
 * Checks on each chain, from the contract itself, that the key does its duty (holds its role, or
 * is the custody address) and is not the owner. An unreachable RPC is retried for a while.
 * Returns one line per chain where it may not (naming the chain, the address and what is wrong);
 * empty when it may on every chain.
 */
export async function checkKeyRole(chains: readonly SaleChain[], key: KeyDuty, options: KeyCheckOptions = {}): Promise<string[]> {
  const problems = await Promise.all(chains.map((chain) => checkOn(chain, key, options)));
  return problems.filter((problem): problem is string => problem !== undefined);
}
