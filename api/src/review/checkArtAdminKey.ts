import type { Address } from "viem";
import { checkKeyRole, type KeyCheckOptions } from "../chains/checkKeyRole.ts";
import type { SaleChain } from "../chains/saleChain.ts";

/**
 * What is wrong with the art-admin key (ART_ADMIN_PRIVATE_KEY) on every chain on sale, read from
 * the contract: it must hold ROLE_ART_ADMIN and must not be the owner. Empty when it may write art
 * everywhere, or when there is no key (Approve & Replace is then off). A web process holds no key:
 * the ART_ADMIN_ADDRESS it was given is checked alike.
 */
export async function checkArtAdminKey(
  config: { artAdminKey: `0x${string}` | undefined; artAdminAddress: Address | undefined; sale: { chains: readonly SaleChain[] } },
  options: KeyCheckOptions = {},
): Promise<string[]> {
  if (!config.artAdminAddress) return [];
  const label = config.artAdminKey ? "art-admin key" : "ART_ADMIN_ADDRESS";
  return checkKeyRole(config.sale.chains, { label, address: config.artAdminAddress, duty: { role: "ROLE_ART_ADMIN" } }, options);
}
