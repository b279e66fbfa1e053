import type { Address } from "viem";
import { checkKeyRole, type KeyCheckOptions } from "../chains/checkKeyRole.ts";
import type { SaleChain } from "../chains/saleChain.ts";

/**
 * Checks on every chain on sale that `signer` (the voucher key's address) holds ROLE_SIGNER and is
 * not the owner (`checkKeyRole`). Returns one line per chain where it may not sign.
 */
export function checkSignerRole(chains: readonly SaleChain[], signer: Address, options: KeyCheckOptions = {}): Promise<string[]> {
  return checkKeyRole(chains, { label: "voucher key", address: signer, duty: { role: "ROLE_SIGNER" } }, options);
}
