import { encodeFunctionData, formatEther } from "viem";
import { z } from "zod";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { TIER_NAMES } from "@pixlings/shared/tiers";
import { UsageError, type AdminCommand } from "../command.ts";
import { describePrices } from "../describe.ts";
import { coinAmountOption, parseWith } from "../options.ts";

/** The contract packs each price in 80 bits (PriceTooHigh above). */
export const MAX_PRICE_WEI = (1n << 80n) - 1n;

const Schema = z.object({ common: coinAmountOption.optional(), rare: coinAmountOption.optional(), artist: coinAmountOption.optional() });

/** The prices after the change: each given one, else the current one; throws when one is above the contract's limit. */
function newPrices(current: readonly [bigint, bigint, bigint], given: z.infer<typeof Schema>): [bigint, bigint, bigint] {
  const prices: [bigint, bigint, bigint] = [given.common ?? current[0], given.rare ?? current[1], given.artist ?? current[2]];
  prices.forEach((wei, i) => {
    if (wei > MAX_PRICE_WEI) throw new Error(`the ${TIER_NAMES[i]} price ${formatEther(wei)} is above the contract's limit of ${formatEther(MAX_PRICE_WEI)}`);
  });
  return prices;
}

export const setPrices: AdminCommand = {
  name: "set-prices",
  summary: "set the tier prices in the chain's coin (setTierPrices)",
  usage: "[--common <amount>] [--rare <amount>] [--artist <amount>]",
  details: [
    "Amounts are in the chain's coin (ETH on Sepolia and Local Ethereum, POL on Amoy and Local Polygon), e.g. --artist 0.2.",
    "Tiers not given keep their price. With --all every chain must use the same coin.",
    "Needs the owner's key.",
  ],
  options: { common: { type: "string" }, rare: { type: "string" }, artist: { type: "string" } },
  amountsInCoin: true,
  prepare: (values) => {
    const given = parseWith(Schema, values);
    if (given.common === undefined && given.rare === undefined && given.artist === undefined) {
      throw new UsageError("Give at least one of --common, --rare, --artist.");
    }
    return {
      kind: "transaction",
      signer: "owner",
      plan: async (view) => {
        const { coin } = view.chain;
        const prices = newPrices(view.facts.prices, given);
        if (prices.every((wei, i) => wei === view.facts.prices[i]))
          return { kind: "nothing", reason: `the prices are already ${describePrices(prices, coin)}` };
        return {
          kind: "send",
          data: encodeFunctionData({ abi: pixlingsAbi, functionName: "setTierPrices", args: prices }),
          call: `setTierPrices(${prices.join(", ")})`,
          effect: `set the prices to ${describePrices(prices, coin)} (now ${describePrices(view.facts.prices, coin)})`,
        };
      },
      outcome: async (view) => `prices are now ${describePrices(view.facts.prices, view.chain.coin)}`,
    };
  },
};
