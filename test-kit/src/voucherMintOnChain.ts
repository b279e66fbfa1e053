// A wallet mint on a running chain known only by its RPC and contract (the browser tests' stack):
// a voucher signed with the local dev signer key, sent from the buyer's own key with the price.
import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { signMintVoucher } from "@pixlings/shared/voucher";

export interface ChainEndpoint {
  chainId: number;
  rpcUrl: string;
  address: Address;
}

/** Mints `tokenIds` to the buyer of `buyerKey` (funded already); resolves with the hash once mined successfully. */
export async function voucherMintOnChain(chain: ChainEndpoint, buyerKey: Hex, tokenIds: readonly number[]): Promise<Hex> {
  const viemChain = defineChain({
    id: chain.chainId,
    name: `chain ${chain.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const buyer = privateKeyToAccount(buyerKey);
  const publicClient = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
  const wallet = createWalletClient({ account: buyer, chain: viemChain, transport: http(chain.rpcUrl) });
  const ids = tokenIds.map(BigInt);
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
  const signer = privateKeyToAccount(DEV_KEYS.signer);
  const signature = await signMintVoucher(signer, { chainId: chain.chainId, contract: chain.address, recipient: buyer.address, ids, deadline });
  let value = 0n;
  for (const id of ids) value += await publicClient.readContract({ address: chain.address, abi: pixlingsAbi, functionName: "priceOf", args: [id] });
  const hash = await wallet.writeContract({ address: chain.address, abi: pixlingsAbi, functionName: "mint", args: [ids, deadline, signature], value });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`the mint of ${tokenIds.join(", ")} reverted`);
  return hash;
}
