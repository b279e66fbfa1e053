import { privateKeyToAccount } from "viem/accounts";
import { checkKeyRole, type KeyCheckOptions } from "../chains/checkKeyRole.ts";
import type { SaleChain } from "../chains/saleChain.ts";

/**
 * What is wrong with the art-admin key (ART_ADMIN_PRIVATE_KEY) on every chain on sale, read from
 * the contract: it must hold ROLE_ART_ADMIN and must not be the owner. Empty when it may write art
 * everywhere, or when there is no key (Approve & Replace is then off).
 */
export async function checkArtAdminKey(
  config: { artAdminKey: `0x${string}` | undefined; sale: { chains: readonly SaleChain[] } },
  options: KeyCheckOptions = {},
): Promise<string[]> {
  if (!config.artAdminKey) return [];
  const address = privateKeyToAccount(config.artAdminKey).address;
  return checkKeyRole(config.sale.chains, { label: "art-admin key", address, duty: { role: "ROLE_ART_ADMIN" } }, options);
}
