import { encodeFunctionData } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";
import { formatCoin } from "../../deploy/fees.ts";

export const withdraw: AdminCommand = {
  name: "withdraw",
  summary: "send the contract's whole balance to the withdraw recipient (withdraw)",
  usage: "",
  details: ["The recipient is set at deploy (PIXLINGS_WITHDRAW_RECIPIENT) or with set-withdraw-recipient.", "Needs the owner's key."],
  options: {},
  prepare: () => ({
    kind: "transaction",
    signer: "owner",
    plan: async (view) => {
      const { balance, withdrawRecipient } = view.facts;
      if (balance === 0n) return { kind: "nothing", reason: "the contract's balance is 0" };
      return {
        kind: "send",
        data: encodeFunctionData({ abi: pixlingsAbi, functionName: "withdraw" }),
        call: "withdraw()",
        effect: `send ${formatCoin(balance, view.chain.coin)} to the withdraw recipient ${withdrawRecipient}`,
      };
    },
    outcome: async (view) => `the contract's balance is now ${formatCoin(view.facts.balance, view.chain.coin)}`,
  }),
};
