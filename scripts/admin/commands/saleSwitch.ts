import { encodeFunctionData } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";

/** `pause` (active false) or `unpause` (active true): `setMintingActive`, as the owner. */
export function saleSwitchCommand(active: boolean): AdminCommand {
  const state = active ? "open" : "paused";
  return {
    name: active ? "unpause" : "pause",
    summary: active ? "open minting (setMintingActive(true))" : "pause minting (setMintingActive(false)): wallets and card sales stop minting",
    usage: "",
    details: [
      active
        ? "The deploy opens the sale once every tokenURI renders; unpause reopens it after a pause."
        : "Wallet mints and mintToCustody revert with MintingPaused until unpause; the API stops issuing vouchers.",
      "Needs the owner's key.",
    ],
    options: {},
    prepare: () => ({
      kind: "transaction",
      signer: "owner",
      plan: async (view) => {
        if (view.facts.mintingActive === active) return { kind: "nothing", reason: `minting is already ${state}` };
        return {
          kind: "send",
          data: encodeFunctionData({ abi: pixlingsAbi, functionName: "setMintingActive", args: [active] }),
          call: `setMintingActive(${active})`,
          effect: active ? "open minting" : "pause minting",
        };
      },
      outcome: async (view) => `minting is now ${view.facts.mintingActive ? "open" : "paused"} (mintingActive ${view.facts.mintingActive})`,
    }),
  };
}
