import type { Address } from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { checkTokenUris, describeIds, type TokenUriCheck, type TokenUriFailure } from "./checkTokenUris.ts";
import type { ChainClients } from "./clients.ts";
import { expectedTokens } from "./expectedTokens.ts";
import type { ArtChunk } from "./uploadArt.ts";

/**
 * After a passing check: opened (the deployer, as the owner, opened the sale), already open (it
 * was open before), or left for the owner (the deployer is not the owner, who must open it).
 */
export type SaleOpening = { state: "opened" | "already open"; check: TokenUriCheck } | { state: "left for the owner"; check: TokenUriCheck; owner: Address };

/** The most frequent reasons, each with its ids. */
function describeFailures(failures: readonly TokenUriFailure[]): string {
  const byReason = new Map<string, number[]>();
  for (const { id, reason } of failures) {
    const ids = byReason.get(reason);
    if (ids) ids.push(id);
    else byReason.set(reason, [id]);
  }
  const groups = [...byReason].sort((a, b) => b[1].length - a[1].length);
  const lines = groups.slice(0, 5).map(([reason, ids]) => `  ${reason}: ${describeIds(ids)}`);
  if (groups.length > 5) lines.push(`  (${groups.length - 5} other reasons)`);
  return lines.join("\n");
}

async function mintingActive(clients: ChainClients, address: Address): Promise<boolean> {
  return clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "mintingActive" });
}

/** `setMintingActive(active)` from the wallet (which must be the owner); throws unless it succeeds. */
export async function setMintingActive(clients: ChainClients, address: Address, active: boolean): Promise<void> {
  const hash = await clients.walletClient.writeContract({ address, abi: pixlingsAbi, functionName: "setMintingActive", args: [active] });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`setMintingActive(${active}) reverted: transaction ${hash}`);
}

/**
 * The step between the art upload and the sale: reads every tokenURI on the chain
 * (checkTokenUris, `ids` default 1..9999) against the uploaded `chunks`, and only when all render
 * as expected opens the sale as the owner. Otherwise throws an error naming the failing ids, and
 * the sale stays as it was (closed after a deploy).
 */
export async function checkThenOpenSale(p: {
  clients: ChainClients;
  address: Address;
  chunks: readonly ArtChunk[];
  ids?: readonly number[];
  onProgress?: (done: number, total: number) => void;
}): Promise<SaleOpening> {
  const { clients, address } = p;
  const check = await checkTokenUris({
    publicClient: clients.publicClient,
    address,
    expected: expectedTokens(p.chunks),
    ids: p.ids,
    // Public RPCs: few calls at a time, for their rate limits; local chains take batches.
    wordsInFlight: pixChain(clients.chainId).local ? 20 : 2,
    onProgress: p.onProgress,
  });
  const open = await mintingActive(clients, address);
  if (check.failures.length > 0) {
    const chain = pixChain(clients.chainId).chain.name;
    const sale = open
      ? "The sale is OPEN on this contract: pause it with setMintingActive(false) as the owner."
      : "The sale stays closed (mintingActive false).";
    throw new Error(
      `tokenURI check failed on ${chain} at ${address}: ${check.failures.length} of ${check.checked} ids do not render as uploaded ` +
        `(${describeIds(check.failures.map((f) => f.id))}):\n${describeFailures(check.failures)}\n${sale} ` +
        `Fix the art (replaceArt for unminted ids, as the art admin) and deploy again; the check runs again.`,
    );
  }
  if (open) return { state: "already open", check };
  const owner = await clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "owner" });
  if (owner.toLowerCase() !== clients.walletClient.account.address.toLowerCase()) return { state: "left for the owner", check, owner };
  await setMintingActive(clients, address, true);
  return { state: "opened", check };
}
