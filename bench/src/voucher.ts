import { encodeFunctionData, type Address, type Hex, type LocalAccount } from "viem";
import { signMintVoucher } from "@pixlings/shared/voucher";
import { BENCH_CHAIN_ID } from "./clients.ts";
import { benchAbi, type Target } from "./targets.ts";

/** A voucher deadline an hour ahead of wall-clock time (anvil's clock). */
function benchDeadline(): bigint {
  return BigInt(Math.floor(Date.now() / 1000) + 3600);
}

/** EIP-712 `Mint(recipient, ids, deadline)` signed by `signer` for `target`'s domain. */
function signVoucher(signer: LocalAccount, target: Target, recipient: Address, ids: readonly bigint[], deadline: bigint): Promise<Hex> {
  return signMintVoucher(signer, {
    chainId: BENCH_CHAIN_ID,
    contract: target.address,
    recipient,
    ids,
    deadline,
    domainName: target.domainName,
  });
}

/** Calldata of `mint(ids, deadline, signature)` with a fresh voucher for `recipient`. */
export async function mintCalldata(signer: LocalAccount, target: Target, recipient: Address, ids: readonly bigint[]): Promise<Hex> {
  const deadline = benchDeadline();
  const signature = await signVoucher(signer, target, recipient, ids, deadline);
  return encodeFunctionData({ abi: benchAbi, functionName: "mint", args: [[...ids], deadline, signature] });
}

/** Exact payment for `ids`: the sum of their tier prices (tier code 1..3 indexes `prices`). */
export function priceOf(ids: readonly bigint[], tiers: Uint8Array, prices: readonly [bigint, bigint, bigint]): bigint {
  return ids.reduce((sum, id) => {
    const price = prices[tiers[Number(id)]! - 1];
    if (price === undefined) throw new Error(`id ${id} has no tier`);
    return sum + price;
  }, 0n);
}
