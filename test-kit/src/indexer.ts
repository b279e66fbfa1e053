// Shared by the indexer tests and `npm run bench:indexer`: real anvil chains on free ports with
// Pixlings deployed and art uploaded, and a real Ponder process on a free port with its own PGlite.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@pixlings/indexer/client";
import {
  bytesToHex,
  createTestClient,
  http,
  keccak256,
  parseEther,
  toHex,
  type Address,
  type Hash,
  type LocalAccount,
  type PublicClient,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { encodePiece, type Art } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { CHAINS } from "@pixlings/shared/chains";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { signMintVoucher } from "@pixlings/shared/voucher";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { startLocalChain, type LocalChain } from "@pixlings/scripts/chains/localChain";
import { connectChain, type ChainClients } from "@pixlings/scripts/deploy/clients";
import { checkThenOpenSale } from "@pixlings/scripts/deploy/openSale";
import { grantLocalArtAdmin } from "@pixlings/scripts/deploy/grantLocalArtAdmin";
import { defaultSetup, deployPixlings } from "@pixlings/scripts/deploy/pixlings";
import { uploadArt, type ArtChunk } from "@pixlings/scripts/deploy/uploadArt";
import * as schema from "@pixlings/indexer/ponder.schema";
import { startPonder, type PonderProcess } from "@pixlings/scripts/indexer/ponderProcess";
import { emptyPgliteDataDir } from "@pixlings/scripts/indexer/pgliteTemplate";
import { runPonderDatabase } from "./runPostgres.ts";

export { schema };
/** Drizzle operators for queries with `TestIndexer.client` (from @ponder/client, the indexer's dependency). */
export { and, eq } from "@pixlings/indexer/client";

export interface TestChain {
  chainId: number;
  chain: LocalChain;
  /** Clients whose wallet is the owner (`admin`). */
  clients: ChainClients;
  address: Address;
  deployBlock: number;
  /** DEV_KEYS.owner: deployer, owner and art admin, as on `npm start`'s chains. */
  admin: LocalAccount;
  /** DEV_KEYS.signer: holds ROLE_SIGNER; signs vouchers (the API's dev key). */
  signer: LocalAccount;
  /** DEV_KEYS.minter: holds ROLE_MINTER; sends mintToCustody. */
  minter: LocalAccount;
  /** DEV_KEYS.custody: the custody address card and freemint sales mint to. */
  custody: LocalAccount;
  /** DEV_KEYS.artAdmin: holds ROLE_ART_ADMIN (granted as the deploy does); the API's art-admin key. */
  artAdmin: LocalAccount;
  test: ReturnType<typeof createTestClient>;
}

/** A deterministic account of its own per label (never one of anvil's dev accounts). */
export function testAccount(label: string): LocalAccount {
  return privateKeyToAccount(keccak256(toHex(`pixlings-indexer-test:${label}`)));
}

/**
 * anvil on a free port, Pixlings deployed as `npm start` does (the dev roles, sale closed),
 * `chunks` uploaded, every uploaded id's tokenURI read on the chain, then the sale opened.
 */
/** Blocks behind the head at which Ponder counts a local chain's block final (shared/src/chains.ts). */
const FINALITY_BLOCKS = CHAINS[31337].finalityBlocks;

export async function startDeployedChain(chainId: number, chunks: ArtChunk[]): Promise<TestChain> {
  const chain = await startLocalChain({ chainId, port: await freePort() });
  try {
    const clients = await connectChain({ chainId, url: chain.url, privateKey: DEV_KEYS.owner });
    const admin = clients.walletClient.account as LocalAccount;
    const { address, blockNumber } = await deployPixlings({ ...clients, setup: defaultSetup(chainId, admin.address) });
    await uploadArt({ ...clients, address, chunks });
    await grantLocalArtAdmin(clients, address);
    const ids = chunks.flatMap((chunk) => Array.from(chunk.tiers, (_, i) => chunk.firstId + i));
    const sale = await checkThenOpenSale({ clients, address, chunks, ids });
    assert.equal(sale.state, "opened");
    const test = createTestClient({ chain: clients.walletClient.chain, transport: http(chain.url), mode: "anvil" });
    // Ponder syncs a local chain's last 30 blocks live, one at a time: for the whole art (a block per
    // chunk) minutes on a busy machine. 30 empty blocks in the same second put the art in its batched
    // backfill instead; for a few chunks, syncing them live is quicker than 30 empty blocks.
    if (chunks.length >= FINALITY_BLOCKS) await test.mine({ blocks: FINALITY_BLOCKS, interval: 0 });
    return {
      chainId,
      chain,
      clients,
      address,
      deployBlock: Number(blockNumber),
      admin,
      signer: privateKeyToAccount(DEV_KEYS.signer),
      minter: privateKeyToAccount(DEV_KEYS.minter),
      custody: privateKeyToAccount(DEV_KEYS.custody),
      artAdmin: privateKeyToAccount(DEV_KEYS.artAdmin),
      test,
    };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

async function receiptOf(c: TestChain, hash: Hash): Promise<{ blockNumber: bigint; hash: Hash }> {
  const receipt = await c.clients.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return { blockNumber: receipt.blockNumber, hash };
}

/** Uploads more art to a running test chain (by the admin, as the deploy does). */
export async function uploadMoreArt(c: TestChain, chunks: ArtChunk[]): Promise<void> {
  await uploadArt({ ...c.clients, address: c.address, chunks });
}

/** A wallet mint with a voucher signed by the signer (the buyer is funded first). */
export async function voucherMint(c: TestChain, buyer: LocalAccount, ids: number[]): Promise<{ blockNumber: bigint; hash: Hash }> {
  await c.test.setBalance({ address: buyer.address, value: parseEther("100000") });
  const bigIds = ids.map(BigInt);
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  const signature = await signMintVoucher(c.signer, {
    chainId: c.chainId,
    contract: c.address,
    recipient: buyer.address,
    ids: bigIds,
    deadline,
  });
  let value = 0n;
  for (const id of bigIds) {
    value += await c.clients.publicClient.readContract({ address: c.address, abi: pixlingsAbi, functionName: "priceOf", args: [id] });
  }
  const hash = await c.clients.walletClient.writeContract({
    account: buyer,
    address: c.address,
    abi: pixlingsAbi,
    functionName: "mint",
    args: [bigIds, deadline, signature],
    value,
  });
  return receiptOf(c, hash);
}

/** A card/freemint mint: the minter mints to the custody address. */
export async function custodyMint(c: TestChain, ids: number[]): Promise<{ blockNumber: bigint; hash: Hash }> {
  const hash = await c.clients.walletClient.writeContract({
    account: c.minter,
    address: c.address,
    abi: pixlingsAbi,
    functionName: "mintToCustody",
    args: [c.custody.address, ids.map(BigInt)],
  });
  return receiptOf(c, hash);
}

export async function transfer(c: TestChain, from: LocalAccount, to: Address, id: number): Promise<{ blockNumber: bigint; hash: Hash }> {
  await c.test.setBalance({ address: from.address, value: parseEther("100000") });
  const hash = await c.clients.walletClient.writeContract({
    account: from,
    address: c.address,
    abi: pixlingsAbi,
    functionName: "transferFrom",
    args: [from.address, to, BigInt(id)],
  });
  return receiptOf(c, hash);
}

/** Mines `blocks` empty blocks (unknown chains like 31337 count 30 blocks to finality in Ponder). */
export async function mine(c: TestChain, blocks: number): Promise<void> {
  await c.test.mine({ blocks });
}

export interface TestIndexer {
  ponder: PonderProcess;
  url: string;
  /** @ponder/client over HTTP, typed by ponder.schema.ts. */
  client: ReturnType<typeof createClient<typeof schema>>;
  dataDir: string;
  stop(): Promise<void>;
}

/** The schema of the views `startTestIndexer` asks Ponder for (the default of `npm run indexer`). */
export const TEST_VIEWS_SCHEMA = "pixlings";

/**
 * Ponder (`ponder start`) for `chains`, on a free port, PGlite in a fresh temp dir, or the
 * Postgres at `databaseUrl` (its views in TEST_VIEWS_SCHEMA once it is ready).
 */
export async function startTestIndexer(
  chains: TestChain[],
  options: {
    logLevel?: "warn" | "info" | "debug";
    startBlock?: number;
    /** Postgres instead of PGlite. */
    databaseUrl?: string;
    /** A fixed port (a restarted indexer where clients expect the old one); default a free one. */
    port?: number;
    /** Ponder's polling interval (ms) instead of the local default. */
    pollingMs?: number;
    /**
     * PGlite even in `npm test`, which otherwise gives each test indexer a database of its own on
     * the run's Postgres server (runPostgres.ts): the indexer's own tests and the browser tests'
     * stack, which run the indexer as `npm start` does.
     */
    pglite?: boolean;
  } = {},
): Promise<TestIndexer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "pixlings-indexer-"));
  const pgliteDir = path.join(dataDir, "pglite");
  const ownDatabase = options.databaseUrl === undefined && !options.pglite ? await runPonderDatabase() : undefined;
  const databaseUrl = options.databaseUrl ?? ownDatabase?.url;
  if (databaseUrl === undefined) await emptyPgliteDataDir(pgliteDir);
  const port = options.port ?? (await freePort());
  const ponder = startPonder({
    port,
    schema: "pixlings_test",
    viewsSchema: TEST_VIEWS_SCHEMA,
    logLevel: options.logLevel ?? "warn",
    env: {
      DATABASE_URL: databaseUrl,
      DATABASE_PRIVATE_URL: undefined,
      DATABASE_SCHEMA: undefined,
      PIXLINGS_INDEXER_PGLITE_DIR: pgliteDir,
      PIXLINGS_INDEXER_POLLING_MS: options.pollingMs === undefined ? undefined : String(options.pollingMs),
      PIXLINGS_INDEXER_CHAINS: JSON.stringify(
        chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: options.startBlock ?? c.deployBlock })),
      ),
    },
  });
  const url = ponder.url;
  const client = createClient(`${url}/sql`, { schema });
  return {
    ponder,
    url,
    client,
    dataDir,
    stop: async () => {
      // A PGlite dir or a database of its own, deleted right away, needs no unlock; a Postgres schema
      // given by the caller may be started again.
      await ponder.stop({ releaseLock: options.databaseUrl !== undefined });
      await ownDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until Ponder is ready (/ready: the backfill is indexed) and has indexed every chain up to
 * its head at the time of the call (/status), i.e. also the 30 unfinalized blocks it syncs live.
 */
export async function waitCaughtUp(indexer: TestIndexer, chains: TestChain[], timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  await indexer.ponder.waitReady(timeoutMs);
  const heads = await Promise.all(chains.map(async (c) => [c.chainId, Number(await c.clients.publicClient.getBlockNumber())] as const));
  await eventually(
    async () => {
      const status = (await (await fetch(`${indexer.url}/status`)).json()) as Record<string, { id: number; block: { number: number } }>;
      return heads.every(([id, head]) => Object.values(status).some((s) => s.id === id && s.block.number >= head));
    },
    async () => {
      const status = await fetch(`${indexer.url}/status`).then(
        (res) => res.text(),
        (error: unknown) => String(error),
      );
      return `not caught up with ${JSON.stringify(heads)}: ${status}\nPonder's output:\n${indexer.ponder.output().slice(-4_000)}`;
    },
    Math.max(1_000, timeoutMs - (Date.now() - started)),
  );
}

/** The first and the longest pause between two checks of `eventually`. */
const EVENTUALLY_PAUSE_MS = { first: 20, longest: 100 };

/**
 * Polls `check` until it returns true, or throws with `describe()` after `timeoutMs`. The pause
 * starts at 20 ms and grows to 100 ms: a quick answer is seen at once, and a long wait does not
 * keep a busy machine busier (each check is a request to a server that shares the cores).
 */
export async function eventually(check: () => Promise<boolean>, describe: () => Promise<string> | string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = EVENTUALLY_PAUSE_MS.first; ; pause = Math.min(EVENTUALLY_PAUSE_MS.longest, Math.ceil(pause * 1.5))) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out: ${await describe()}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** The id of every mint (Transfer from the zero address) of the contract at `address`, read from the chain: an id minted twice appears twice. */
export async function mintedIds(publicClient: PublicClient, address: Address): Promise<number[]> {
  const logs = await publicClient.getContractEvents({ address, abi: pixlingsAbi, eventName: "Transfer", args: { from: zeroAddress }, fromBlock: 0n });
  return logs.map((log) => Number(log.args.id));
}

/** How many times each of `ids` was minted on `c`, read from the chain. */
export async function mintCounts(c: TestChain, ids: readonly number[]): Promise<number[]> {
  const minted = await mintedIds(c.clients.publicClient, c.address);
  return ids.map((id) => minted.filter((m) => m === id).length);
}

/** Replaces the art of an unminted Pix as the art admin and waits for success. */
export async function replaceArt(c: TestChain, id: number, art: Art): Promise<void> {
  const hash = await c.clients.walletClient.writeContract({
    address: c.address,
    abi: pixlingsAbi,
    functionName: "replaceArt",
    args: [BigInt(id), bytesToHex(encodePiece(art))],
  });
  const receipt = await c.clients.publicClient.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, "success");
}
