import { isAddressEqual, parseEventLogs, TransactionReceiptNotFoundError, zeroAddress, type Address, type Hash, type PublicClient } from "viem";
import { publicClientOf } from "../chains/publicClientOf.ts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ConfirmedMint } from "@pixlings/shared/http/sale";
import { CodedError, HttpError, notFound } from "../http/HttpError.ts";
import type { SaleChain } from "../chains/saleChain.ts";

const unprocessable = (message: string): HttpError => new HttpError(422, message);

async function receiptOf(client: PublicClient, hash: Hash) {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw new HttpError(503, "The chain's RPC is not available");
    const pending = await client.getTransaction({ hash }).catch(() => undefined);
    throw notFound(pending ? `Transaction ${hash} is not mined yet` : `Unknown transaction ${hash}`);
  }
}

/**
 * What a mint transaction did, read from the chain (never from the caller): it must have succeeded,
 * called Pixlings on `chain`, minted (Transfer from address 0) to `wallet`, and have enough
 * confirmations. Idempotent: the same question gets the same answer.
 */
export async function confirmMint(chain: SaleChain, p: { hash: Hash; wallet: Address; claimedIds: readonly number[] }): Promise<ConfirmedMint> {
  const client = publicClientOf(chain);
  const receipt = await receiptOf(client, p.hash);
  if (receipt.status !== "success") throw unprocessable(`Transaction ${p.hash} failed on ${chain.name}`);
  if (!receipt.to || !isAddressEqual(receipt.to, chain.contract)) throw unprocessable(`Transaction ${p.hash} is not a Pixlings mint on ${chain.name}`);
  const minted = parseEventLogs({ abi: pixlingsAbi, eventName: "Transfer", logs: receipt.logs })
    .filter((log) => isAddressEqual(log.address, chain.contract) && isAddressEqual(log.args.from, zeroAddress) && isAddressEqual(log.args.to, p.wallet))
    .map((log) => Number(log.args.id));
  if (minted.length === 0) throw unprocessable(`Transaction ${p.hash} minted no Pix to ${p.wallet}`);
  const missing = p.claimedIds.filter((id) => !minted.includes(id));
  if (missing.length > 0) throw unprocessable(`Transaction ${p.hash} did not mint Pix #${missing.join(", #")} to ${p.wallet}`);
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = Number(head - receipt.blockNumber) + 1;
  if (confirmations < chain.confirmations) {
    throw new CodedError(`Waiting for confirmations (${confirmations}/${chain.confirmations})`, {
      code: "confirmations",
      confirmations,
      required: chain.confirmations,
    });
  }
  return { txHash: p.hash, chainId: chain.chainId, tokenIds: minted.sort((a, b) => a - b) };
}
