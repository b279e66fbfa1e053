import type { Hex } from "viem";
import { CHAINS, isChainId } from "@pixlings/shared/chains";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { NETWORKS, networkOfChain } from "@pixlings/shared/networks";
import { intAtLeast, optional, privateKey, type Env } from "@pixlings/shared/env";
import { indexedChains } from "@pixlings/shared/node/indexerConfig";
import type { SaleChain } from "../chains/saleChain.ts";
import { HoldEnvSchema, readHoldLimits, type HoldLimits } from "./holdLimits.ts";

/** The local chains' voucher signer (public; refused by the production rules, config/productionRules.ts). */
export const DEV_SIGNER_KEY: Hex = DEV_KEYS.signer;

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
  /** Caps on holding ids: per client, renewals, cool-down, indexer lag. */
  holds: HoldLimits;
}

export const SaleEnvSchema = HoldEnvSchema.extend({
  MINT_SIGNER_PRIVATE_KEY: optional(privateKey),
  VOUCHER_TTL_SECONDS: optional(intAtLeast(1).max(3600)),
  RESERVATION_MARGIN_SECONDS: optional(intAtLeast(0).max(3600)),
  MINT_CONFIRMATIONS: optional(intAtLeast(1).max(64)),
  MINT_AUTHORIZE_PER_MINUTE: optional(intAtLeast(1)),
  MINT_IP_PER_MINUTE: optional(intAtLeast(1)),
  RESERVATION_SWEEP_MS: optional(intAtLeast(100)),
});

/** A chain on sale as configured, before the sale's own settings (confirmations) apply. */
export type ConfiguredSaleChain = Omit<SaleChain, "confirmations">;

/**
 * The RPC URL browsers get for a chain: a local chain's own (loopback) URL; for a public network
 * its `publicRpcUrlEnv` (shared/src/networks.ts), else viem's public RPC of the chain. Never the
 * server's `rpcUrl`, which may carry a key.
 */
function publicRpcUrlOf(chainId: number, rpcUrl: string, env: Env): string {
  const known = CHAINS[chainId as keyof typeof CHAINS];
  if (known.local) return rpcUrl;
  const name = networkOfChain(chainId);
  const network = name === undefined ? undefined : NETWORKS[name];
  const configured = network && !network.local ? env[network.publicRpcUrlEnv] : undefined;
  return configured || known.chain.rpcUrls.default.http[0];
}

/**
 * The chains on sale: the indexer's chain list, primary (first ethereum-network chain) first. A bad
 * PIXLINGS_INDEXER_CHAINS throws; the default list without any deployment sells on no chain (the
 * API still serves everything else).
 */
export function readSaleChains(env: Env): ConfiguredSaleChain[] {
  let resolved: ReturnType<typeof indexedChains>["chains"];
  try {
    resolved = indexedChains(env).chains;
  } catch (error) {
    const message = (error as Error).message;
    if (env.PIXLINGS_INDEXER_CHAINS?.trim()) throw new Error(message.startsWith("PIXLINGS_INDEXER_CHAINS") ? message : `PIXLINGS_INDEXER_CHAINS: ${message}`);
    return [];
  }
  const chains = resolved
    .filter((c) => isChainId(c.chainId))
    .map((c): ConfiguredSaleChain => {
      const known = CHAINS[c.chainId as keyof typeof CHAINS];
      return {
        chainId: c.chainId,
        name: known.chain.name,
        network: known.network,
        coin: known.coin,
        local: known.local,
        rpcUrl: c.rpcUrl,
        publicRpcUrl: publicRpcUrlOf(c.chainId, c.rpcUrl, env),
        contract: c.address,
        startBlock: c.startBlock,
        explorerUrl: known.chain.blockExplorers?.default.url ?? null,
        gasLabel: known.gasLabel,
      };
    });
  return [...chains.filter((c) => c.network === "ethereum"), ...chains.filter((c) => c.network !== "ethereum")];
}

/**
 * Why SALE_MAX_INDEXER_LAG_BLOCKS is unsafe for `chains`, if it is: a minted hold is released once
 * the indexer shows its mint final (CHAINS' `finalityBlocks` behind the head); an indexer allowed to
 * lag that far (restarting, re-indexing) could miss that mint and the id would be sold again.
 */
export function lagProblems(env: Env, chains: readonly ConfiguredSaleChain[]): string[] {
  const { maxIndexerLagBlocks } = readHoldLimits(env);
  return chains.flatMap((c) => {
    const depth = CHAINS[c.chainId as keyof typeof CHAINS].finalityBlocks;
    if (maxIndexerLagBlocks < depth) return [];
    return [
      `SALE_MAX_INDEXER_LAG_BLOCKS: ${maxIndexerLagBlocks} must be below ${c.name}'s finality depth (${depth} blocks), or a lagging indexer could miss a final mint and sell its Pix again`,
    ];
  });
}

/**
 * The sale's settings over `chains` (readSaleChains). The production rules (a real signer key)
 * are checked before, by readConfig; without a key the local dev signer signs.
 */
export function readSaleConfig(env: Env, chains: readonly ConfiguredSaleChain[]): SaleConfig {
  const e = SaleEnvSchema.parse(env);
  return {
    chains: chains.map((c) => ({ ...c, confirmations: e.MINT_CONFIRMATIONS ?? (c.local ? 1 : 2) })),
    signerKey: e.MINT_SIGNER_PRIVATE_KEY ?? DEV_SIGNER_KEY,
    voucherTtlSeconds: e.VOUCHER_TTL_SECONDS ?? 300,
    marginSeconds: e.RESERVATION_MARGIN_SECONDS ?? 60,
    authorizePerMinute: e.MINT_AUTHORIZE_PER_MINUTE ?? 10,
    ipPerMinute: e.MINT_IP_PER_MINUTE ?? 60,
    sweepIntervalMs: e.RESERVATION_SWEEP_MS ?? 5_000,
    holds: readHoldLimits(env),
  };
}
