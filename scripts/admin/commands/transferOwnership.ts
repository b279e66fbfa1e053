import { encodeFunctionData, zeroAddress } from "viem";
import { z } from "zod";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";
import { addressOption, parseWith } from "../options.ts";

const Schema = z.object({ to: addressOption.refine((address) => address !== zeroAddress, "must not be the zero address (cancel-ownership-transfer cancels)") });

export const transferOwnership: AdminCommand = {
  name: "transfer-ownership",
  summary: "start handing the contract to a new owner (transferOwnership); the new owner accepts with accept-ownership",
  usage: "--to <address>",
  details: [
    "Two steps: the owner names the new owner here; nothing changes until the new owner runs accept-ownership with its own key.",
    "A later transfer-ownership replaces the pending one; cancel-ownership-transfer withdraws it.",
    "Needs the owner's key.",
  ],
  options: { to: { type: "string" } },
  prepare: (values) => {
    const { to } = parseWith(Schema, values);
    return {
      kind: "transaction",
      signer: "owner",
      plan: async (view) => {
        const { owner, pendingOwner } = view.facts;
        if (to === owner) throw new Error(`${to} already owns the contract`);
        if (pendingOwner === to) return { kind: "nothing", reason: `${to} is already the pending owner; it accepts with accept-ownership` };
        return {
          kind: "send",
          data: encodeFunctionData({ abi: pixlingsAbi, functionName: "transferOwnership", args: [to] }),
          call: `transferOwnership(${to})`,
          effect: `name ${to} the pending owner (then it runs accept-ownership)`,
          notes: pendingOwner ? [`this replaces the pending transfer to ${pendingOwner}`] : [],
        };
      },
      outcome: async (view) => `owner ${view.facts.owner}; pending owner ${view.facts.pendingOwner ?? "none"}`,
    };
  },
};
