import { BaseError, createPublicClient, http, isAddressEqual, type Address, type PublicClient } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { SaleChain } from "./saleConfig.ts";

/** How long an unreachable RPC is retried at start before the API gives up on it. */
const SIGNER_CHECK_RETRY_MS = 60_000;
const RETRY_EVERY_MS = 1_000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface SignerCheckOptions {
  /** How long an unreachable RPC is retried (default SIGNER_CHECK_RETRY_MS). */
  retryForMs?: number;
  retryEveryMs?: number;
  /** Per RPC request. */
  timeoutMs?: number;
  /** Called on each failed attempt that will be retried (e.g. to log that the API is waiting). */
  onRetry?: (chain: SaleChain, reason: string) => void;
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

/** What is wrong with `signer` on the chain, read from the chain; undefined when it may sign vouchers. */
async function problemOn(client: PublicClient, chain: SaleChain, signer: Address): Promise<string | undefined> {
  const served = await client.getChainId();
  if (served !== chain.chainId) return `the RPC at ${rpcHost(chain.rpcUrl)} serves chain ${served}, not ${chain.chainId}`;
  const code = await client.getCode({ address: chain.contract });
  if (code === undefined || code === "0x") return "no contract is deployed at that address";
  const contract = { address: chain.contract, abi: pixlingsAbi } as const;
  const role = await client.readContract({ ...contract, functionName: "ROLE_SIGNER" });
  const [hasRole, owner] = await Promise.all([
    client.readContract({ ...contract, functionName: "hasAnyRole", args: [signer, role] }),
    client.readContract({ ...contract, functionName: "owner" }),
  ]);
  const wrong = [
    ...(hasRole ? [] : ["does not hold ROLE_SIGNER (the owner grants it with grantRoles)"]),
    ...(isAddressEqual(owner, signer) ? ["is the contract's owner (the API must never hold the owner's key)"] : []),
  ];
  return wrong.length === 0 ? undefined : `the voucher key's address ${signer} ${wrong.join(" and ")}`;
}

async function checkOn(chain: SaleChain, signer: Address, options: SignerCheckOptions): Promise<string | undefined> {
  const retryForMs = options.retryForMs ?? SIGNER_CHECK_RETRY_MS;
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS, retryCount: 0 }) });
  const deadline = Date.now() + retryForMs;
  for (;;) {
    try {
      const problem = await problemOn(client, chain, signer);
      return problem === undefined ? undefined : `${chainLabel(chain)}: ${problem}`;
    } catch (error) {
      if (!isUnreachable(error)) return `${chainLabel(chain)}: cannot read the signer role: ${messageOf(error)}`;
      if (Date.now() >= deadline) {
        return `${chainLabel(chain)}: the RPC at ${rpcHost(chain.rpcUrl)} did not answer within ${Math.round(retryForMs / 1000)} s (${messageOf(error)}), so the voucher key cannot be checked`;
      }
      options.onRetry?.(chain, messageOf(error));
      await new Promise((resolve) => setTimeout(resolve, options.retryEveryMs ?? RETRY_EVERY_MS));
    }
  }
}

/**
 * Checks on every chain on sale, from the contract itself, that `signer` (the voucher key's
 * address) holds ROLE_SIGNER and is not the owner. An unreachable RPC is retried for a while.
 * Returns one line per chain where it may not sign (naming the chain, the address and what is
 * wrong); empty when it may sign on every chain.
 */
export async function checkSignerRole(chains: readonly SaleChain[], signer: Address, options: SignerCheckOptions = {}): Promise<string[]> {
  const problems = await Promise.all(chains.map((chain) => checkOn(chain, signer, options)));
  return problems.filter((problem): problem is string => problem !== undefined);
}
