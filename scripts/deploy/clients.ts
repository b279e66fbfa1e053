import { createPublicClient, createWalletClient, http, type Account, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixChain } from "@pixlings/shared/chains";

export interface ChainClients {
  chainId: number;
  walletClient: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient;
}

/**
 * Clients for one chain at `url`, signing with `privateKey`. Checks that the RPC serves the
 * expected chain, so a wrong URL cannot deploy to the wrong network.
 */
export async function connectChain(p: { chainId: number; url: string; privateKey: Hex }): Promise<ChainClients> {
  const known = pixChain(p.chainId);
  const chain: Chain = { ...known.chain, rpcUrls: { default: { http: [p.url] } } };
  // Local chains mine instantly: poll receipts often. Public ones: viem's default (4 s).
  const pollingInterval = known.local ? 50 : undefined;
  // Local chains: calls made together go as one JSON-RPC batch (the tokenURI check makes 9,999);
  // public RPCs differ in what batches they take, so one request per call there.
  const transport = http(p.url, { retryCount: known.local ? 0 : 3, batch: known.local ? { batchSize: 100, wait: 0 } : false });
  const publicClient = createPublicClient({ chain, transport, pollingInterval });
  const walletClient = createWalletClient({
    account: privateKeyToAccount(p.privateKey),
    chain,
    transport,
    pollingInterval,
  });
  const served = await publicClient.getChainId();
  if (served !== p.chainId) {
    throw new Error(`The RPC at ${p.url} serves chain ${served}, not ${p.chainId} (${known.chain.name}).`);
  }
  return { chainId: p.chainId, walletClient, publicClient };
}
