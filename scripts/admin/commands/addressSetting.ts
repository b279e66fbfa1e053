import { encodeFunctionData, zeroAddress } from "viem";
import { z } from "zod";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";
import { addressOption, parseWith } from "../options.ts";

const Schema = z.object({ address: addressOption.refine((address) => address !== zeroAddress, "must not be the zero address") });

/** A command that sets one of the contract's addresses (custody, withdraw recipient), as the owner. */
export function addressSettingCommand(p: {
  name: string;
  /** "the custody address". */
  label: string;
  field: "custody" | "withdrawRecipient";
  functionName: "setCustody" | "setWithdrawRecipient";
  details: readonly string[];
}): AdminCommand {
  return {
    name: p.name,
    summary: `set ${p.label} (${p.functionName})`,
    usage: "--address <address>",
    details: [...p.details, "Needs the owner's key."],
    options: { address: { type: "string" } },
    prepare: (values) => {
      const { address } = parseWith(Schema, values);
      return {
        kind: "transaction",
        signer: "owner",
        plan: async (view) => {
          const now = view.facts[p.field];
          if (now === address) return { kind: "nothing", reason: `${p.label} is already ${address}` };
          return {
            kind: "send",
            data: encodeFunctionData({ abi: pixlingsAbi, functionName: p.functionName, args: [address] }),
            call: `${p.functionName}(${address})`,
            effect: `set ${p.label} to ${address} (now ${now})`,
          };
        },
        outcome: async (view) => `${p.label} is now ${view.facts[p.field]}`,
      };
    },
  };
}
