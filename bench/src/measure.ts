import { encodeFunctionData, type Address, type Hash, type Hex, type LocalAccount } from "viem";
import { COLLECTION } from "@pixlings/shared/collection";
import { benchAccount, fund, type BenchClients } from "./clients.ts";
import type { BenchPlan } from "./plan.ts";
import { benchAbi, type Target } from "./targets.ts";
import { mintCalldata, priceOf } from "./voucher.ts";

export const MEASURES = [
  "mint1_fresh",
  "mint1_second",
  "mint10_batch",
  "custody_transfer",
  "tokenuri_call",
  "tokenuri_call_max",
  "tokenuri_worst_case",
  "art_upload_total",
  "art_upload_per_piece",
] as const;
export type MeasureName = (typeof MEASURES)[number];

export interface TargetResult {
  target: Target;
  gas: Record<MeasureName, number>;
  /** The measured transactions, for the breakdown. */
  txs: Partial<Record<MeasureName, Hash>>;
  /** `tokenURI` gas of each sampled id. */
  tokenUri: { id: bigint; gas: number }[];
}

export interface MeasureContext {
  clients: BenchClients;
  plan: BenchPlan;
  signer: LocalAccount;
  custody: LocalAccount;
  tiers: Uint8Array;
  prices: readonly [bigint, bigint, bigint];
  /** Pixlings' costliest `tokenURI`, measured on a contract of its own (worstCase.ts). */
  pixlingsWorstCase: number;
}

const INTRINSIC_GAS = 21_000n;

async function send(ctx: MeasureContext, from: LocalAccount, to: Address, data: Hex, value = 0n): Promise<[Hash, number]> {
  const hash = await ctx.clients.wallet(from).sendTransaction({ to, data, value });
  const receipt = await ctx.clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} to ${to} reverted`);
  return [hash, Number(receipt.gasUsed)];
}

async function mint(ctx: MeasureContext, target: Target, wallet: LocalAccount, ids: bigint[]): Promise<[Hash, number]> {
  const data = await mintCalldata(ctx.signer, target, wallet.address, ids);
  return send(ctx, wallet, target.address, data, priceOf(ids, ctx.tiers, ctx.prices));
}

/** eth_estimateGas of `tokenURI(id)` minus the 21,000 transaction base, for each sampled id. */
async function tokenUriGas(ctx: MeasureContext, target: Target): Promise<{ id: bigint; gas: number }[]> {
  return Promise.all(
    ctx.plan.tokenUriSample.map(async (id) => {
      const data = encodeFunctionData({ abi: benchAbi, functionName: "tokenURI", args: [id] });
      const gas = await ctx.clients.publicClient.estimateGas({ account: ctx.signer.address, to: target.address, data });
      return { id, gas: Number(gas - INTRINSIC_GAS) };
    }),
  );
}

/** Runs every measured transaction on `target`, each from a wallet new to it. */
export async function measureTarget(ctx: MeasureContext, target: Target): Promise<TargetResult> {
  const buyer = benchAccount(`${target.key}:buyer`);
  const batchBuyer = benchAccount(`${target.key}:batch-buyer`);
  const recipient = benchAccount(`${target.key}:recipient`).address;
  await Promise.all([fund(ctx.clients, buyer.address), fund(ctx.clients, batchBuyer.address), fund(ctx.clients, ctx.custody.address)]);

  const [freshTx, mint1Fresh] = await mint(ctx, target, buyer, [ctx.plan.mint1Fresh]);
  const [secondTx, mint1Second] = await mint(ctx, target, buyer, [ctx.plan.mint1Second]);
  const [batchTx, mint10Batch] = await mint(ctx, target, batchBuyer, ctx.plan.mint10Batch);
  const custodyId = ctx.plan.premint[0]![0]!;
  const transferData = encodeFunctionData({
    abi: benchAbi,
    functionName: "transferFrom",
    args: [ctx.custody.address, recipient, custodyId],
  });
  const [transferTx, custodyTransfer] = await send(ctx, ctx.custody, target.address, transferData);
  const tokenUri = await tokenUriGas(ctx, target);
  const uri = tokenUri.map((sample) => sample.gas);
  // A baseline draws 81 rects for every piece, so its sampled maximum is its worst case.
  const worstCase = target.key === "pixlings" ? ctx.pixlingsWorstCase : Math.max(...uri);
  const art = Number(target.artUploadGas);
  return {
    target,
    gas: {
      mint1_fresh: mint1Fresh,
      mint1_second: mint1Second,
      mint10_batch: mint10Batch,
      custody_transfer: custodyTransfer,
      tokenuri_call: Math.round(uri.reduce((a, b) => a + b, 0) / uri.length),
      tokenuri_call_max: Math.max(...uri),
      tokenuri_worst_case: worstCase,
      art_upload_total: art,
      art_upload_per_piece: Math.round(art / COLLECTION.totalSupply),
    },
    txs: { mint1_fresh: freshTx, mint1_second: secondTx, mint10_batch: batchTx, custody_transfer: transferTx },
    tokenUri,
  };
}
