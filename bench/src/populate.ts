import { getAddress, keccak256, parseEther, slice, toHex, type Address, type Hash, type LocalAccount } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { BenchClients } from "./clients.ts";
import { mapLimit } from "./mapLimit.ts";
import type { BenchPlan } from "./plan.ts";
import { benchAbi, type Target } from "./targets.ts";
import { mintCalldata, priceOf } from "./voucher.ts";

const IN_FLIGHT = 16;
const MINT_GAS_LIMIT = 2_000_000n;

export interface PopulateContext {
  clients: BenchClients;
  plan: BenchPlan;
  /** Holds the signer role (and, for Pixlings, the minter role). */
  signer: LocalAccount;
  custody: Address;
  tiers: Uint8Array;
  prices: readonly [bigint, bigint, bigint];
}

/** An address per pre-mint group; anvil impersonates them, so they need no keys. */
function holderAddress(group: number): Address {
  return getAddress(slice(keccak256(toHex(`pixlings-bench:holder:${group}`)), 12));
}

async function prepareHolders(ctx: PopulateContext, holders: Address[]): Promise<void> {
  await mapLimit(holders, IN_FLIGHT * 4, async (address) => {
    await ctx.clients.testClient.setBalance({ address, value: parseEther("1000") });
    await ctx.clients.testClient.impersonateAccount({ address });
  });
}

/** Mints every pre-mint group on `target`: wallets through `mint`, group 0 to custody. */
async function populateTarget(ctx: PopulateContext, target: Target, holders: Address[]): Promise<Hash[]> {
  const { clients, plan } = ctx;
  return mapLimit(plan.premint, IN_FLIGHT, async (ids, group): Promise<Hash> => {
    if (group === 0 && target.key === "pixlings") {
      return clients.wallet(ctx.signer).writeContract({
        address: target.address,
        abi: pixlingsAbi,
        functionName: "mintToCustody",
        args: [ctx.custody, ids],
      });
    }
    const from = holders[group]!;
    return clients.rpcWallet.request({
      method: "eth_sendTransaction",
      params: [
        {
          from,
          to: target.address,
          data: await mintCalldata(ctx.signer, target, from, ids),
          value: toHex(priceOf(ids, ctx.tiers, ctx.prices)),
          gas: toHex(MINT_GAS_LIMIT),
        },
      ],
    });
  });
}

/**
 * Mints the plan's ~5,000 pre-minted ids on every target (500 wallets of 10, group 0 to the
 * custody address), firing transactions without waiting, then checks every receipt and the supply.
 */
export async function populate(ctx: PopulateContext, targets: readonly Target[]): Promise<void> {
  const holders = ctx.plan.premint.map((_, group) => (group === 0 ? ctx.custody : holderAddress(group)));
  await prepareHolders(ctx, holders);
  for (const target of targets) {
    const hashes = await populateTarget(ctx, target, holders);
    const receipts = await mapLimit(hashes, IN_FLIGHT * 4, (hash) => ctx.clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 }));
    const failed = receipts.filter((receipt) => receipt.status !== "success");
    if (failed.length > 0) throw new Error(`${target.label}: ${failed.length} pre-mint transactions reverted`);
    const supply = await ctx.clients.publicClient.readContract({
      address: target.address,
      abi: benchAbi,
      functionName: "totalSupply",
    });
    const expected = BigInt(ctx.plan.premint.flat().length);
    if (supply !== expected) throw new Error(`${target.label}: supply ${supply} after pre-mint, expected ${expected}`);
  }
  await mapLimit(holders, IN_FLIGHT * 4, (address) => ctx.clients.testClient.stopImpersonatingAccount({ address }));
}
