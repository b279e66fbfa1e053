import { encodeFunctionData } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";

export const acceptOwnership: AdminCommand = {
  name: "accept-ownership",
  summary: "become the owner after transfer-ownership named you (acceptOwnership)",
  usage: "",
  details: [
    "Signs with the pending owner's key: NEW_OWNER_PRIVATE_KEY on public networks, or the variable named by --key-env (also on local chains).",
    "Afterwards owner commands need the new owner's key (OWNER_PRIVATE_KEY).",
  ],
  options: {},
  prepare: () => ({
    kind: "transaction",
    signer: "pendingOwner",
    plan: async (view, from) => ({
      kind: "send",
      data: encodeFunctionData({ abi: pixlingsAbi, functionName: "acceptOwnership" }),
      call: "acceptOwnership()",
      effect: `make ${from} the owner (now ${view.facts.owner})`,
    }),
    outcome: async (view) => `the owner is now ${view.facts.owner}`,
  }),
};
