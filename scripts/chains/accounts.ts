import type { Hex } from "viem";

/**
 * Anvil's first default account (from the well-known "test test ... junk" mnemonic): the deployer
 * and art admin on the local chains. Public knowledge; never use it on a public network.
 */
export const ANVIL_FIRST_PRIVATE_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
