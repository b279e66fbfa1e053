import { createPublicClient, createWalletClient, http, type Account, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixChain } from "@pixlings/shared/chains";

export interface ChainClients {
  chainId: number;
  walletClient: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient;
}

interface ChainTransport {
  chain: Chain;
  transport: Transport;
  pollingInterval: number | undefined;
}

function chainTransport(chainId: number, url: string): ChainTransport {
  const known = pixChain(chainId);
  const chain: Chain = { ...known.chain, rpcUrls: { default: { http: [url] } } };
  // Local chains mine instantly: poll receipts often. Public ones: viem's default (4 s).
  const pollingInterval = known.local ? 50 : undefined;
  // Local chains: calls made together go as one JSON-RPC batch (the tokenURI check makes 9,999);
  // public RPCs differ in what batches they take, so one request per call there.
  const transport = http(url, { retryCount: known.local ? 0 : 3, batch: known.local ? { batchSize: 100, wait: 0 } : false });
  return { chain, transport, pollingInterval };
}

async function checkServedChain(publicClient: PublicClient, chainId: number, url: string): Promise<void> {
  const served = await publicClient.getChainId();
  if (served !== chainId) {
    throw new Error(`The RPC at ${url} serves chain ${served}, not ${chainId} (${pixChain(chainId).chain.name}).`);
  }
}

/** A read-only client for one chain at `url`; checks that the RPC serves the expected chain. */
export async function connectReader(p: { chainId: number; url: string }): Promise<PublicClient> {
  const { chain, transport, pollingInterval } = chainTransport(p.chainId, p.url);
  const publicClient = createPublicClient({ chain, transport, pollingInterval });
  await checkServedChain(publicClient, p.chainId, p.url);
  return publicClient;
}

/**
 * Clients for one chain at `url`, signing with `privateKey`. Checks that the RPC serves the
 * expected chain, so a wrong URL cannot deploy to the wrong network.
 */
export async function connectChain(p: { chainId: number; url: string; privateKey: Hex }): Promise<ChainClients> {
  const { chain, transport, pollingInterval } = chainTransport(p.chainId, p.url);
  const publicClient = createPublicClient({ chain, transport, pollingInterval });
  const walletClient = createWalletClient({ account: privateKeyToAccount(p.privateKey), chain, transport, pollingInterval });
  await checkServedChain(publicClient, p.chainId, p.url);
  return { chainId: p.chainId, walletClient, publicClient };
}
