import type { Address } from "viem";
import { checkKeyRole, type KeyRole, type RoleCheckOptions } from "../chains/checkKeyRole.ts";
import type { SaleChain } from "./saleConfig.ts";

const SIGNER: KeyRole = { role: "ROLE_SIGNER", key: "the voucher key", roleLabel: "the signer role" };

/**
 * Checks on every chain on sale, from the contract itself, that `signer` (the voucher key's
 * address) holds ROLE_SIGNER and is not the owner (checkKeyRole). Returns one line per chain where
 * it may not sign; empty when it may sign on every chain.
 */
export function checkSignerRole(chains: readonly SaleChain[], signer: Address, options: RoleCheckOptions = {}): Promise<string[]> {
  return checkKeyRole(chains, signer, SIGNER, options);
}
