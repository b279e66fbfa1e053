import type { ChainId } from "./chains.ts";
import { DEPLOYMENTS, type PixlingsDeployment } from "./generated/deployments.ts";

/** The Pixlings ABI and bytecode, generated from the Hardhat build by `npm run setup`. */
export { pixlingsAbi, pixlingsBytecode } from "./generated/pixlings.ts";
export type { PixlingsDeployment } from "./generated/deployments.ts";

/** Where Pixlings is deployed on a chain, or undefined when it is not. */
export function deploymentOf(chainId: number): PixlingsDeployment | undefined {
  return DEPLOYMENTS[chainId as ChainId];
}

/**
 * The gas of a typical mint of one Pix (`mint` with a voucher, a wallet's first Pix), for the mint
 * page's fee estimate: bench/results/gas.json's `pixlings_mint1_fresh` rounded up (a test holds it
 * to that figure). Wallets estimate the real transaction themselves.
 */
export const MINT_GAS_ESTIMATE = 70_000n;
