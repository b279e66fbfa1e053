// Sale tests' world: two real anvil chains with fixture art for ids 1..249, a real Ponder, and real
// API processes over it; buyers sign in, get vouchers and send the mint from their own wallets.
import assert from "node:assert/strict";
import { createWalletClient, encodeFunctionData, http, parseEther, type Hash, type Hex, type LocalAccount } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { startDeployedChain, startTestIndexer, waitCaughtUp, type TestChain, type TestIndexer } from "./indexer.ts";
import { fixtureChunk } from "./artFixtures.ts";
import type { MintAuthorization } from "@pixlings/shared/http/sale";
import type { signIn } from "./signIn.ts";
import { startTestApi, type TestApi } from "./api.ts";

export type Jar = Awaited<ReturnType<typeof signIn>>;
export type Body = Record<string, unknown>;

export interface SaleStack {
  eth: TestChain;
  pol: TestChain;
  chains: TestChain[];
  indexer: TestIndexer;
  /** PIXLINGS_INDEXER_CHAINS for these chains (the API sells on exactly them). */
  chainsEnv: string;
  /** An API over this indexer; `env` on top of the sale defaults (fast sweeps, loose rate limits). */
  startApi(env?: Record<string, string>, options?: { seedCatalogue?: boolean; checkSignerRole?: boolean; role?: "web" | "all" }): Promise<TestApi>;
  /** Replaces the indexer with a new one on the same port: re-indexes everything from scratch. */
  restartIndexer(options?: { pollingMs?: number; keepData?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** `chunks`: how many fixture art chunks (about 250 ids each, from id 1) both chains get; default 1. */
export async function startSaleStack(options: { pollingMs?: number; chunks?: number } = {}): Promise<SaleStack> {
  const art = Array.from({ length: options.chunks ?? 1 }, (_, i) => fixtureChunk(i));
  const [eth, pol] = await Promise.all([startDeployedChain(31337, art), startDeployedChain(31338, art)]);
  const chains = [eth, pol];
  let indexer = await startTestIndexer(chains, { pollingMs: options.pollingMs });
  // Ponder indexes the art's unfinalized blocks one at a time: a minute or more per chunk on a busy machine.
  await waitCaughtUp(indexer, chains, 60_000 * (options.chunks ?? 1));
  const chainsEnv = JSON.stringify(chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock })));
  const apis: TestApi[] = [];
  const stack: SaleStack = {
    eth,
    pol,
    chains,
    get indexer() {
      return indexer;
    },
    chainsEnv,
    async startApi(env = {}, apiOptions = {}) {
      const api = await startTestApi(
        {
          INDEXER_URL: indexer.url,
          PIXLINGS_INDEXER_CHAINS: chainsEnv,
          MINT_SIGNER_PRIVATE_KEY: DEV_KEYS.signer,
          ART_ADMIN_PRIVATE_KEY: DEV_KEYS.artAdmin,
          RESERVATION_SWEEP_MS: "100",
          MINT_AUTHORIZE_PER_MINUTE: "1000",
          MINT_IP_PER_MINUTE: "10000",
          ...env,
        },
        { seedCatalogue: false, checkSignerRole: true, ...apiOptions },
      );
      apis.push(api);
      return api;
    },
    async restartIndexer(restart = {}) {
      const port = Number(new URL(indexer.url).port);
      await indexer.stop();
      indexer = await startTestIndexer(chains, { port, pollingMs: restart.pollingMs ?? options.pollingMs });
    },
    async close() {
      await Promise.all(apis.map((api) => api.close()));
      await indexer.stop();
      await Promise.all(chains.map((c) => c.chain.stop()));
    },
  };
  return stack;
}

/** Gives `accounts` `ether` of the native coin on every chain of the stack. */
export async function fund(stack: SaleStack, accounts: readonly LocalAccount[], ether = "1000"): Promise<void> {
  for (const c of stack.chains) for (const a of accounts) await c.test.setBalance({ address: a.address, value: parseEther(ether) });
}

export const postJson = (jar: Jar, path: string, body: unknown): Promise<Response> =>
  jar.fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });

export const authorize = (jar: Jar, tokenIds: unknown, chainId: number): Promise<Response> => postJson(jar, "/api/mint/authorize", { tokenIds, chainId });

/** The body of `res`, after checking its status (and `{ message }` on errors, matching `pattern`). */
export async function expectStatus(res: Response, status: number, pattern?: RegExp): Promise<Body> {
  const body = (await res.json()) as Body;
  assert.equal(res.status, status, JSON.stringify(body));
  if (status >= 400) assert.equal(typeof body.message, "string");
  if (pattern) assert.match(String(body.message), pattern);
  return body;
}

export const authorized = async (res: Promise<Response>): Promise<MintAuthorization> => (await expectStatus(await res, 200)) as unknown as MintAuthorization;

/** The `mint` transaction of a voucher, signed by the buyer but not sent: to send now, or again after a reorg. */
export async function signMint(c: TestChain, buyer: LocalAccount, auth: MintAuthorization): Promise<Hex> {
  const wallet = createWalletClient({ account: buyer, chain: c.clients.walletClient.chain, transport: http(c.chain.url) });
  const data = encodeFunctionData({
    abi: pixlingsAbi,
    functionName: "mint",
    args: [auth.voucher.ids.map(BigInt), BigInt(auth.voucher.deadline), auth.voucher.signature],
  });
  const request = await wallet.prepareTransactionRequest({ to: auth.voucher.contract, data, value: BigInt(auth.value), gas: 400_000n });
  return wallet.signTransaction(request);
}

/** The buyer's own wallet sends the voucher's `mint(ids, deadline, signature)` with its value; waits for the receipt. */
export async function sendMint(c: TestChain, buyer: LocalAccount, auth: MintAuthorization, overrides: { signature?: Hash; gas?: bigint } = {}): Promise<Hash> {
  const wallet = createWalletClient({ account: buyer, chain: c.clients.walletClient.chain, transport: http(c.chain.url) });
  const hash = await wallet.writeContract({
    address: auth.voucher.contract,
    abi: pixlingsAbi,
    functionName: "mint",
    args: [auth.voucher.ids.map(BigInt), BigInt(auth.voucher.deadline), overrides.signature ?? auth.voucher.signature],
    value: BigInt(auth.value),
    ...(overrides.gas ? { gas: overrides.gas } : {}),
  });
  await c.clients.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/** Who owns `tokenId` on `c`, read from the chain itself (undefined: not minted there). */
export async function ownerOn(c: TestChain, tokenId: number): Promise<string | undefined> {
  try {
    return await c.clients.publicClient.readContract({ address: c.address, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(tokenId)] });
  } catch {
    return undefined;
  }
}
