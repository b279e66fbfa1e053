import { encodeFunctionData, zeroAddress } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";

export const cancelOwnershipTransfer: AdminCommand = {
  name: "cancel-ownership-transfer",
  summary: "withdraw a pending ownership transfer (transferOwnership(0))",
  usage: "",
  details: ["The contract cancels a pending handover when the owner names the zero address.", "Needs the owner's key."],
  options: {},
  prepare: () => ({
    kind: "transaction",
    signer: "owner",
    plan: async (view) => {
      const pending = view.facts.pendingOwner;
      if (!pending) return { kind: "nothing", reason: "no ownership transfer is pending" };
      return {
        kind: "send",
        data: encodeFunctionData({ abi: pixlingsAbi, functionName: "transferOwnership", args: [zeroAddress] }),
        call: `transferOwnership(${zeroAddress})`,
        effect: `cancel the pending transfer to ${pending}`,
      };
    },
    outcome: async (view) => `pending owner ${view.facts.pendingOwner ?? "none"}`,
  }),
};
