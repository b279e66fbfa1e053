import type { ParseArgsOptionsConfig } from "node:util";
import type { Address, Hex, PublicClient } from "viem";
import type { PixChain } from "@pixlings/shared/chains";
import type { Env } from "@pixlings/shared/env";
import type { LeftOutChain } from "./coverage.ts";
import type { ContractFacts } from "./facts.ts";
import type { SignerRole } from "./signerKey.ts";
import type { AdminTarget } from "./targets.ts";

/** A mistake in the command line: printed with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {}

/** One chain a command runs on: where the contract is, a reader, and what it holds now. */
export interface ChainView {
  target: AdminTarget;
  chain: PixChain;
  publicClient: PublicClient;
  address: Address;
  facts: ContractFacts;
}

/** What a transaction command will send on one chain, or why it sends nothing there. */
export type TransactionPlan =
  | {
      kind: "send";
      /** The calldata (encoded by the command with the ABI, so names and types are checked). */
      data: Hex;
      /** The call as the operator reads it: `setMintingActive(false)`. */
      call: string;
      /** What it does, in words: `pause minting`. */
      effect: string;
      notes?: string[];
    }
  | { kind: "nothing"; reason: string };

/** A command with its options parsed: what it needs and does on each chain. */
export type PreparedCommand =
  | {
      kind: "transaction";
      signer: SignerRole;
      /**
       * Set when the chains must not differ after the command (replace-art): it runs only when every
       * chain with a recorded deployment is a target (`why` says why), unless the operator writes
       * the named chain alone on purpose (`onlyThisChain`).
       */
      sameOnEveryChain?: { why: string; onlyThisChain: boolean };
      /**
       * Checks across the chains, the left-out ones too, once every chain's plan and preview are done
       * and something is to be sent (replace-art: the art on every chain, the storefront's hold):
       * lines to show, or a refusal (throws) before anything is sent.
       */
      crossCheck?(p: { views: readonly ChainView[]; leftOut: readonly LeftOutChain[]; env: Env }): Promise<string[]>;
      /** Decides the call from the chain's state (`from`: the signing address), or refuses by throwing. */
      plan(view: ChainView, from: Address): Promise<TransactionPlan>;
      /** One line about the new state, read after the receipt. */
      outcome(view: ChainView): Promise<string>;
    }
  | { kind: "read"; run(views: readonly ChainView[], env: Env): Promise<string> };

/** Option values as node:util parseArgs returns them. */
export type OptionValues = Record<string, string | boolean | undefined>;

export interface AdminCommand {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The command's own options, e.g. `--token <id> --file <path>`. */
  usage: string;
  /** Further help lines. */
  details: readonly string[];
  options: ParseArgsOptionsConfig;
  /** Amounts in a coin: refused with --all across chains of different coins (ETH and POL). */
  amountsInCoin?: boolean;
  /** Validates the option values (throws UsageError). */
  prepare(values: OptionValues): PreparedCommand;
}
