import type { MintToWalletRequest, MintToWalletResponse } from "@pixlings/shared/http/owners";
import { apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";
import { parseMintToWallet } from "./cardAnswers.ts";

/** How long the page waits for the indexer to show the transfer before it stops asking. */
const ARRIVAL_WAIT_MS = 60_000;
const ARRIVAL_POLL_MS = 1_500;

/**
 * Mint to Wallet: custody sends the card Pix to `walletAddress` (a SIWE-proven wallet linked to
 * this user; the server checks) with `POST /api/owner/pixlings/{tokenId}/mint-to-wallet`, then
 * the page waits until the session's list shows it in that wallet. Answers whether it arrived
 * within the wait (false: the transfer is sent, the indexer has not shown it yet).
 */
export async function mintToWallet(tokenId: number, walletAddress: string): Promise<{ transfer: MintToWalletResponse; arrived: boolean }> {
  const body: MintToWalletRequest = { walletAddress };
  const transfer = parseMintToWallet(await apiRequest<unknown>(`/api/owner/pixlings/${tokenId}/mint-to-wallet`, { method: "POST", body }));
  const deadline = Date.now() + ARRIVAL_WAIT_MS;
  let arrived = false;
  while (!arrived && Date.now() < deadline) {
    const owned = await queryClient.fetchQuery({ ...queries.ownerPixlings(), staleTime: 0 }).catch(() => undefined);
    arrived = owned?.walletOwned.some((nft) => nft.tokenId === tokenId) ?? false;
    if (!arrived) await new Promise((resolve) => setTimeout(resolve, ARRIVAL_POLL_MS));
  }
  await queryClient.invalidateQueries({ queryKey: ["owner"] });
  return { transfer, arrived };
}
