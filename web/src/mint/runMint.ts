import type { Hash } from "viem";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { AuthorizeRequest, ChainInfo, ConfirmedMint, MintAuthorization, SpecificRequest } from "@pixlings/shared/http/sale";
import { ApiError, apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { ensureSignedIn, signInWithEthereum } from "../auth/session.ts";
import { TransactionRevertedError, UnsupportedChainError, VoucherExpiredError } from "../errors/appErrors.ts";
import { ensureConnected, loadWallet } from "../wallet/loadWallet.ts";
import { useWalletStore } from "../wallet/walletStore.ts";
import type { MintStep } from "./mintSteps.ts";

export interface MintRequest {
  tokenIds: number[];
  chain: ChainInfo;
  onStep(step: MintStep, hash?: Hash): void;
}

export interface MintResult {
  hash: Hash;
  chainId: number;
  tokenIds: number[];
  /** False when the indexer had not caught up before we stopped waiting. */
  indexed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function authorize(tokenIds: number[], chainId: number): Promise<MintAuthorization> {
  const body: AuthorizeRequest = { tokenIds, chainId };
  const request = () => apiRequest<MintAuthorization>("/api/mint/authorize", { method: "POST", body });
  try {
    return await request();
  } catch (error) {
    // The session ended (expired or signed out elsewhere): sign in again once.
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await signInWithEthereum();
    return request();
  }
}

/** POST /api/mint/specific, retried while the API still waits for confirmations or the tx. */
async function recordMint(body: SpecificRequest): Promise<ConfirmedMint> {
  for (let attempt = 0; ; attempt++) {
    try {
      const record = await apiRequest<ConfirmedMint>("/api/mint/specific", { method: "POST", body });
      if (!record?.txHash) throw new Error("Minting failed - no transaction hash returned");
      return record;
    } catch (error) {
      const waiting = error instanceof ApiError && ((error.status === 409 && error.body?.code === "confirmations") || error.status === 404);
      if (!waiting || attempt >= 120) throw error;
      await sleep(1_000);
    }
  }
}

/** Waits until GET /api/nfts/token/{id} says every id is minted (the indexer has seen the mint). */
async function waitIndexed(tokenIds: number[], timeoutMs = 120_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  let pending = [...tokenIds];
  while (pending.length > 0 && Date.now() < until) {
    const tokens = await Promise.all(pending.map((id) => apiRequest<Nft>(`/api/nfts/token/${id}`).catch(() => null)));
    pending = pending.filter((_, index) => !tokens[index]?.isMinted);
    if (pending.length > 0) await sleep(1_000);
  }
  return pending.length === 0;
}

/**
 * Mints Pix with the connected wallet: one voucher (POST /api/mint/authorize) and ONE transaction
 * `mint(ids, deadline, signature)`; then it reports the mint to POST /api/mint/specific, which reads
 * the receipt from the chain and only speeds up what the page shows (the reservation ends once the
 * indexer shows the mint final), and waits until the API shows the Pix minted.
 */
export async function runMint({ tokenIds, chain, onStep }: MintRequest): Promise<MintResult> {
  const wasConnected = useWalletStore.getState().status === "connected";
  if (!wasConnected) onStep("connecting");
  const address = await ensureConnected();
  const wallet = await loadWallet();
  const user = await queryClient.fetchQuery(queries.user());
  if (!user?.walletAddress || user.walletAddress.toLowerCase() !== address.toLowerCase()) onStep("signing-in");
  await ensureSignedIn(address);

  if (useWalletStore.getState().chainId !== chain.chainId) {
    onStep("switching");
    await wallet.switchChain(chain.chainId);
  }

  onStep("authorizing");
  const { voucher, value } = await authorize(tokenIds, chain.chainId);
  if (voucher.chainId !== chain.chainId) throw new UnsupportedChainError(voucher.chainId);
  if (voucher.recipient.toLowerCase() !== address.toLowerCase()) {
    throw new Error(`The voucher is for ${voucher.recipient}, not the connected wallet; sign in again with this wallet.`);
  }
  if (nowSeconds() >= voucher.deadline) throw new VoucherExpiredError();

  onStep("awaiting-signature");
  let hash: Hash;
  try {
    hash = await wallet.sendMint({
      chainId: voucher.chainId,
      contract: voucher.contract,
      ids: voucher.ids.map(BigInt),
      deadline: BigInt(voucher.deadline),
      signature: voucher.signature,
      value: BigInt(value),
    });
  } catch (error) {
    if (nowSeconds() >= voucher.deadline) throw new VoucherExpiredError();
    throw error;
  }

  onStep("pending", hash);
  const status = await wallet.waitForReceipt(voucher.chainId, hash);
  if (status === "reverted") throw nowSeconds() >= voucher.deadline ? new VoucherExpiredError() : new TransactionRevertedError(hash);
  onStep("confirmed", hash);

  try {
    await recordMint({ tokenIds: voucher.ids, paymentMethod: "crypto", walletAddress: address, chainId: voucher.chainId, transactionHash: hash });
  } catch (error) {
    // The chain is the truth: the mint stands and the indexer still picks it up; the report only
    // sped up what the page shows. (The warning's words are the spec's.)
    console.warn("Failed to record minting in database", error);
  }
  const indexed = await waitIndexed(voucher.ids);
  if (indexed) onStep("indexed", hash);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["nfts"] }),
    queryClient.invalidateQueries({ queryKey: ["owner"] }),
    queryClient.invalidateQueries({ queryKey: ["stats"] }),
  ]);
  return { hash, chainId: voucher.chainId, tokenIds: voucher.ids, indexed };
}
