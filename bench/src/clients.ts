import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  keccak256,
  parseEther,
  toHex,
  type Account,
  type Chain,
  type LocalAccount,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixChain } from "@pixlings/shared/chains";

export const BENCH_CHAIN_ID = 31337;

export interface BenchClients {
  chain: Chain;
  publicClient: PublicClient;
  testClient: TestClient<"anvil">;
  wallet(account: LocalAccount): WalletClient<Transport, Chain, Account>;
  /** For eth_sendTransaction from impersonated addresses (anvil signs nothing; no keys needed). */
  rpcWallet: WalletClient<Transport, Chain>;
}

export function benchClients(url: string): BenchClients {
  const chain = pixChain(BENCH_CHAIN_ID).chain;
  // JSON-RPC batching: the set-up sends thousands of small requests.
  const transport = http(url, { batch: { batchSize: 200, wait: 2 }, timeout: 60_000 });
  return {
    chain,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient,
    testClient: createTestClient({ chain, transport, mode: "anvil" }),
    rpcWallet: createWalletClient({ chain, transport }),
    wallet: (account) => createWalletClient({ account, chain, transport: http(url, { timeout: 60_000 }) }),
  };
}

/** A deterministic key of its own for each bench role, so no run depends on anvil's dev accounts. */
export function benchAccount(label: string): LocalAccount {
  return privateKeyToAccount(keccak256(toHex(`pixlings-bench:${label}`)));
}

export async function fund(clients: BenchClients, address: `0x${string}`, ether = "1000"): Promise<void> {
  await clients.testClient.setBalance({ address, value: parseEther(ether) });
}
