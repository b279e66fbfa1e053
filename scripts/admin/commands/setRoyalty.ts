import { encodeFunctionData, zeroAddress } from "viem";
import { z } from "zod";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";
import { describeBps } from "../describe.ts";
import { addressOption, parseWith } from "../options.ts";

const Schema = z.object({
  receiver: addressOption.refine((address) => address !== zeroAddress, "must not be the zero address"),
  bps: z
    .string({ message: "is required" })
    .regex(/^\d+$/, "must be whole basis points, 0-10000 (500 is 5%)")
    .transform(BigInt)
    .refine((bps) => bps <= 10_000n, "must be whole basis points, 0-10000 (500 is 5%)"),
});

export const setRoyalty: AdminCommand = {
  name: "set-royalty",
  summary: "set the EIP-2981 royalty receiver and rate (setRoyalty)",
  usage: "--receiver <address> --bps <0-10000>",
  details: ["Basis points: 500 is 5%, 10000 is 100%.", "Needs the owner's key."],
  options: { receiver: { type: "string" }, bps: { type: "string" } },
  prepare: (values) => {
    const { receiver, bps } = parseWith(Schema, values);
    return {
      kind: "transaction",
      signer: "owner",
      plan: async (view) => {
        const now = view.facts.royalty;
        if (now.receiver === receiver && now.bps === bps) return { kind: "nothing", reason: `the royalty is already ${describeBps(bps)} to ${receiver}` };
        return {
          kind: "send",
          data: encodeFunctionData({ abi: pixlingsAbi, functionName: "setRoyalty", args: [receiver, bps] }),
          call: `setRoyalty(${receiver}, ${bps})`,
          effect: `set the royalty to ${describeBps(bps)} to ${receiver} (now ${describeBps(now.bps)} to ${now.receiver})`,
        };
      },
      outcome: async (view) => `the royalty is now ${describeBps(view.facts.royalty.bps)} to ${view.facts.royalty.receiver}`,
    };
  },
};
