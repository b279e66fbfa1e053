import { privateKeyToAccount } from "viem/accounts";
import { checkKeyRole, type KeyCheckOptions } from "../chains/checkKeyRole.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { CustodyConfig } from "../config/custodyConfig.ts";

/**
 * What is wrong with the custody keys on the primary chain, read from the contract: the minter key
 * must hold ROLE_MINTER, the custody key must be the contract's custody address, neither the owner.
 * Empty when custody sales can run.
 */
async function checkCustodyKeys(primary: SaleChain, custody: CustodyConfig, options: KeyCheckOptions = {}): Promise<string[]> {
  // A web process holds no key: only the custody address it was given must be the contract's.
  const [minter, held] = await Promise.all([
    custody.keys
      ? checkKeyRole([primary], { label: "minter key", address: privateKeyToAccount(custody.keys.minterKey).address, duty: { role: "ROLE_MINTER" } }, options)
      : [],
    checkKeyRole([primary], { label: custody.keys ? "custody key" : "CUSTODY_ADDRESS", address: custody.address, duty: { custody: true } }, options),
  ]);
  return [...minter, ...held];
}

/**
 * The config custody sales start with: keys set by env must fit the contract (else `refusals`: the
 * API must not start); the local dev keys may not fit a deployment made with other roles (then
 * those sales are off, with `warnings` saying why).
 */
export async function settleCustodyKeys<C extends { custody: CustodyConfig | undefined; sale: { chains: readonly SaleChain[] } }>(
  config: C,
  options: KeyCheckOptions = {},
): Promise<{ config: C; refusals: string[]; warnings: string[] }> {
  const primary = config.sale.chains[0];
  if (!config.custody || !primary) return { config, refusals: [], warnings: [] };
  const problems = await checkCustodyKeys(primary, config.custody, options);
  if (problems.length === 0) return { config, refusals: [], warnings: [] };
  if (config.custody.explicit) return { config, refusals: problems, warnings: [] };
  return { config: { ...config, custody: undefined }, refusals: [], warnings: problems };
}
