import type { Address, Hex } from "viem";
import { z } from "zod";
import { CHAINS, isChainId } from "@pixlings/shared/chains";
import { indexedChains } from "../../../indexer/lib/config.ts";
import { DEV_KEYS } from "@pixlings/shared/dev-accounts";

/** Anvil's first default key: deployer and signer of the local chains (public; refused in production). */
export const DEV_SIGNER_KEY: Hex = DEV_KEYS.signer;

/** A chain Pixlings sells on: the indexer's list, so the API and the indexer always agree. */
export interface SaleChain {
  chainId: number;
  name: string;
  network: "ethereum" | "polygon";
  coin: "ETH" | "POL";
  rpcUrl: string;
  contract: Address;
  explorerUrl: string | null;
  gasLabel: string;
  /** Confirmations /api/mint/specific waits for. */
  confirmations: number;
}

export interface SaleConfig {
  /** Primary (first ethereum-network chain) first. */
  chains: SaleChain[];
  signerKey: Hex;
  voucherTtlSeconds: number;
  /** Added to a voucher's deadline before its ids may be released (chain timestamp skew). */
  marginSeconds: number;
  /** Vouchers per minute: per signed-in address, and per client IP (authorize and nonce). */
  authorizePerMinute: number;
  ipPerMinute: number;
  sweepIntervalMs: number;
}

const int = (min: number) => z.coerce.number().int().min(min);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const SaleEnvSchema = z.object({
  MINT_SIGNER_PRIVATE_KEY: optional(z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex key")),
  VOUCHER_TTL_SECONDS: optional(int(1).max(3600)),
  RESERVATION_MARGIN_SECONDS: optional(int(0).max(3600)),
  MINT_CONFIRMATIONS: optional(int(1).max(64)),
  MINT_AUTHORIZE_PER_MINUTE: optional(int(1)),
  MINT_IP_PER_MINUTE: optional(int(1)),
  RESERVATION_SWEEP_MS: optional(int(100)),
});

/**
 * The chains on sale: the indexer's chain list. A bad PIXLINGS_INDEXER_CHAINS stops the start; the
 * default list without any deployment sells on no chain (the API still serves everything else).
 */
function saleChains(env: Readonly<Record<string, string | undefined>>, confirmations: number | undefined): SaleChain[] {
  let resolved;
  try {
    resolved = indexedChains(env).chains;
  } catch (error) {
    if (env.PIXLINGS_INDEXER_CHAINS?.trim()) throw new Error(`Invalid API environment: ${(error as Error).message}`);
    return [];
  }
  const chains = resolved.filter((c) => isChainId(c.chainId)).map((c): SaleChain => {
    const known = CHAINS[c.chainId as keyof typeof CHAINS];
    return {
      chainId: c.chainId,
      name: known.chain.name,
      network: known.network,
      coin: known.coin,
      rpcUrl: c.rpcUrl,
      contract: c.address,
      explorerUrl: known.chain.blockExplorers?.default.url ?? null,
      gasLabel: known.gasLabel,
      confirmations: confirmations ?? (known.local ? 1 : 2),
    };
  });
  return [...chains.filter((c) => c.network === "ethereum"), ...chains.filter((c) => c.network !== "ethereum")];
}

export function readSaleConfig(env: Readonly<Record<string, string | undefined>>, production: boolean): SaleConfig {
  const e = SaleEnvSchema.parse(env);
  if (production && (e.MINT_SIGNER_PRIVATE_KEY === undefined || e.MINT_SIGNER_PRIVATE_KEY.toLowerCase() === DEV_SIGNER_KEY)) {
    throw new Error("Invalid API environment: MINT_SIGNER_PRIVATE_KEY must be set to the signer's key in production");
  }
  return {
    chains: saleChains(env, e.MINT_CONFIRMATIONS),
    signerKey: (e.MINT_SIGNER_PRIVATE_KEY as Hex | undefined) ?? DEV_SIGNER_KEY,
    voucherTtlSeconds: e.VOUCHER_TTL_SECONDS ?? 300,
    marginSeconds: e.RESERVATION_MARGIN_SECONDS ?? 60,
    authorizePerMinute: e.MINT_AUTHORIZE_PER_MINUTE ?? 10,
    ipPerMinute: e.MINT_IP_PER_MINUTE ?? 60,
    sweepIntervalMs: e.RESERVATION_SWEEP_MS ?? 5_000,
  };
}
