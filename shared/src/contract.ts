import type { ChainId } from "./chains.ts";
import { DEPLOYMENTS, type PixlingsDeployment } from "./generated/deployments.ts";

/** The Pixlings ABI and bytecode, generated from the Hardhat build by `npm run setup`. */
export { pixlingsAbi, pixlingsBytecode } from "./generated/pixlings.ts";
export type { PixlingsDeployment } from "./generated/deployments.ts";

/** Where Pixlings is deployed on a chain, or undefined when it is not. */
export function deploymentOf(chainId: number): PixlingsDeployment | undefined {
  return DEPLOYMENTS[chainId as ChainId];
}
