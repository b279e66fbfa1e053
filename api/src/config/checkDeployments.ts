import { eq } from "drizzle-orm";
import { BaseError, BlockNotFoundError, HttpRequestError, isAddressEqual, TimeoutError, type Hash } from "viem";
import { publicClientOf } from "../chains/publicClientOf.ts";
import type { Db } from "../db/openDatabase.ts";
import { chainDeployments } from "../db/tables/chainDeployments.ts";
import type { SaleChain } from "../chains/saleChain.ts";

/** How long a chain whose RPC does not answer is waited for (the role checks before waited already). */
const RETRY_FOR_MS = 30_000;
const RETRY_EVERY_MS = 1_000;

export interface DeploymentCheckOptions {
  retryForMs?: number;
  /** Told of each try that will be repeated (the RPC not answering). */
  onRetry?: (chain: SaleChain, reason: string) => void;
}

const unreachable = (error: unknown): boolean =>
  error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null;

/** The hash of block `number` on the chain now; undefined when the chain has no such block. */
async function blockHashOn(chain: SaleChain, number: number): Promise<Hash | undefined> {
  try {
    return (await publicClientOf(chain).getBlock({ blockNumber: BigInt(number) })).hash ?? undefined;
  } catch (error) {
    if (error instanceof BaseError && error.walk((e) => e instanceof BlockNotFoundError) !== null) return undefined;
    throw error;
  }
}

const short = (hash: string): string => `${hash.slice(0, 10)}…`;

/** What start over means, said once after the refusals. */
export const START_OVER_HINT =
  "Start the off-chain state over with the chains (`npm start -- --fresh` on the local stack; elsewhere an empty database: a new DATABASE_URL or API_PGLITE_DIR), or give the API the chains this database was made with (PIXLINGS_INDEXER_CHAINS).";

/**
 * One chain on sale against this database's record of it: recorded at the first start that sells on
 * it (its contract and the hash of its start block); at every later start the contract must be the
 * same and the recorded block must still have that hash. Answers the problem, if any.
 */
async function checkChain(db: Db, chain: SaleChain): Promise<string | undefined> {
  const [recorded] = await db.select().from(chainDeployments).where(eq(chainDeployments.chainId, chain.chainId));
  if (!recorded) {
    const hash = await blockHashOn(chain, chain.startBlock);
    if (!hash) return `${chain.name} (chain ${chain.chainId}) has no block ${chain.startBlock}, where Pixlings at ${chain.contract} should start`;
    await db
      .insert(chainDeployments)
      .values({ chainId: chain.chainId, contract: chain.contract, deployBlock: chain.startBlock, deployBlockHash: hash })
      .onConflictDoNothing();
    // Another process may have recorded it first: checked like any record.
    return checkChain(db, chain);
  }
  const made = `this API database was made with Pixlings at ${recorded.contract} on ${chain.name} (chain ${chain.chainId}), from block ${recorded.deployBlock} (${short(recorded.deployBlockHash)})`;
  if (!isAddressEqual(recorded.contract as `0x${string}`, chain.contract)) {
    return `${made}, but the API now sells on ${chain.contract}: its orders, reservations, key nonces and job transactions name a contract that is not this one`;
  }
  const now = await blockHashOn(chain, recorded.deployBlock);
  if (now?.toLowerCase() !== recorded.deployBlockHash.toLowerCase()) {
    const what = now ? `that block is now ${short(now)}` : "the chain has no such block now";
    return `${made}, but ${what}: the chain was started over, and the database's orders, reservations, key nonces and job transactions name blocks and transactions that no longer exist`;
  }
  return undefined;
}

/**
 * Checks every chain on sale against the deployments this database was made with
 * (`chain_deployments`), recording the ones it has not seen yet; returns one line per chain it
 * must not run on. Never changes or drops anything else: a database that names other chains is
 * refused, whatever it is (an empty database for new chains is the operator's call). An RPC that
 * does not answer is retried for a while, then reported.
 */
export async function checkDeployments(db: Db, chains: readonly SaleChain[], options: DeploymentCheckOptions = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const chain of chains) {
    const deadline = Date.now() + (options.retryForMs ?? RETRY_FOR_MS);
    for (;;) {
      try {
        const problem = await checkChain(db, chain);
        if (problem) problems.push(problem);
        break;
      } catch (error) {
        const reason = error instanceof BaseError ? error.shortMessage : String(error);
        if (!unreachable(error) || Date.now() > deadline) {
          problems.push(`${chain.name} (chain ${chain.chainId}): could not check the deployment this database was made with (${reason})`);
          break;
        }
        options.onRetry?.(chain, reason);
        await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
      }
    }
  }
  return problems;
}
