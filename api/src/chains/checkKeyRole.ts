import { BaseError, createPublicClient, http, isAddressEqual, type Address, type PublicClient } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { SaleChain } from "../mint/saleConfig.ts";

/** How long an unreachable RPC is retried at start before the API gives up on it. */
const ROLE_CHECK_RETRY_MS = 60_000;
const RETRY_EVERY_MS = 1_000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface RoleCheckOptions {
  /** How long an unreachable RPC is retried (default ROLE_CHECK_RETRY_MS). */
  retryForMs?: number;
  retryEveryMs?: number;
  /** Per RPC request. */
  timeoutMs?: number;
  /** Called on each failed attempt that will be retried (e.g. to log that the API is waiting). */
  onRetry?: (chain: SaleChain, reason: string) => void;
}

/** A key of the API and the one contract role it must hold. */
export interface KeyRole {
  /** The contract's constant naming the role. */
  role: "ROLE_SIGNER" | "ROLE_MINTER" | "ROLE_ART_ADMIN";
  /** How messages name the key ("the voucher key") and the role ("the signer role"). */
  key: string;
  roleLabel: string;
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

/** What is wrong with `holder` for `role` on the chain, read from the chain; undefined when all is well. */
async function problemOn(client: PublicClient, chain: SaleChain, holder: Address, role: KeyRole): Promise<string | undefined> {
  const served = await client.getChainId();
  if (served !== chain.chainId) return `the RPC at ${rpcHost(chain.rpcUrl)} serves chain ${served}, not ${chain.chainId}`;
  const code = await client.getCode({ address: chain.contract });
  if (code === undefined || code === "0x") return "no contract is deployed at that address";
  const contract = { address: chain.contract, abi: pixlingsAbi } as const;
  const roleBits = await client.readContract({ ...contract, functionName: role.role });
  const [hasRole, owner] = await Promise.all([
    client.readContract({ ...contract, functionName: "hasAnyRole", args: [holder, roleBits] }),
    client.readContract({ ...contract, functionName: "owner" }),
  ]);
  const wrong = [
    ...(hasRole ? [] : [`does not hold ${role.role} (the owner grants it with grantRoles)`]),
    ...(isAddressEqual(owner, holder) ? ["is the contract's owner (the API must never hold the owner's key)"] : []),
  ];
  return wrong.length === 0 ? undefined : `${role.key}'s address ${holder} ${wrong.join(" and ")}`;
}

async function checkOn(chain: SaleChain, holder: Address, role: KeyRole, options: RoleCheckOptions): Promise<string | undefined> {
  const retryForMs = options.retryForMs ?? ROLE_CHECK_RETRY_MS;
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS, retryCount: 0 }) });
  const deadline = Date.now() + retryForMs;
  for (;;) {
    try {
      const problem = await problemOn(client, chain, holder, role);
      return problem === undefined ? undefined : `${chainLabel(chain)}: ${problem}`;
    } catch (error) {
      if (!isUnreachable(error)) return `${chainLabel(chain)}: cannot read ${role.roleLabel}: ${messageOf(error)}`;
      if (Date.now() >= deadline) {
        return `${chainLabel(chain)}: the RPC at ${rpcHost(chain.rpcUrl)} did not answer within ${Math.round(retryForMs / 1000)} s (${messageOf(error)}), so ${role.key} cannot be checked`;
      }
      options.onRetry?.(chain, messageOf(error));
      await new Promise((resolve) => setTimeout(resolve, options.retryEveryMs ?? RETRY_EVERY_MS));
    }
  }
}

/**
 * Checks on every chain on sale, from the contract itself, that `holder` (the address of one of
 * the API's keys) holds `role.role` and is not the owner. An unreachable RPC is retried for a
 * while. Returns one line per chain where it may not act (naming the chain, the address and what
 * is wrong); empty when it may act on every chain.
 */
export async function checkKeyRole(chains: readonly SaleChain[], holder: Address, role: KeyRole, options: RoleCheckOptions = {}): Promise<string[]> {
  const problems = await Promise.all(chains.map((chain) => checkOn(chain, holder, role, options)));
  return problems.filter((problem): problem is string => problem !== undefined);
}
