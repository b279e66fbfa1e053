import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { publicClientOf } from "../chains/publicClientOf.ts";
import { MIGRATIONS_DIR, type Database } from "../db/openDatabase.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { SaleConfig } from "../sale/saleConfig.ts";
import { rowsOf } from "../db/rowsOf.ts";

/** How long one check may take before it counts as not answering. */
const CHECK_TIMEOUT_MS = 3_000;

export interface ReadinessDeps {
  database: Database;
  indexer: IndexerReader;
  sale: SaleConfig;
}

function timeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The newest migration this build has (drizzle-kit's journal): the database is at head when it has applied it. */
function headMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error("no migrations in the journal");
  return last;
}

async function databaseProblems(database: Database): Promise<string[]> {
  try {
    const result = await timeout(database.db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`), "the database");
    const applied = Number((rowsOf(result)[0] as { applied: string | null } | undefined)?.applied ?? 0);
    const head = headMigration();
    return applied >= head.when ? [] : [`migrations are not at head (${head.tag} is not applied)`];
  } catch (error) {
    return [`the database is not answering: ${(error as Error).message}`];
  }
}

async function chainProblems(deps: ReadinessDeps): Promise<string[]> {
  const { sale, indexer } = deps;
  const [heads, statuses] = await Promise.all([
    // Asked afresh (not the sale's half-second shared head): a probe must see an RPC that just went away.
    Promise.all(
      sale.chains.map((c) =>
        timeout(publicClientOf(c).getBlockNumber({ cacheTime: 0 }).then(Number), `${c.name}'s RPC`).catch((error: unknown) => error as Error),
      ),
    ),
    timeout(indexer.saleFacts({ chainId: 0, tokenIds: [] }), "the indexer").then(
      (facts) => facts.statuses,
      (error: unknown) => error as Error,
    ),
  ]);
  const problems: string[] = [];
  if (statuses instanceof Error) problems.push(`the indexer is not answering: ${statuses.message}`);
  sale.chains.forEach((c, i) => {
    const head = heads[i];
    if (head instanceof Error || head === undefined) {
      problems.push(`${c.name}'s RPC is not answering`);
      return;
    }
    if (statuses instanceof Error) return;
    const status = statuses.find((s) => s.chainId === c.chainId);
    if (!status) problems.push(`${c.name} is not indexed yet`);
    else if (status.latest.number < head - sale.holds.maxIndexerLagBlocks)
      problems.push(`the indexer is behind ${c.name} (block ${status.latest.number} of ${head}, at most ${sale.holds.maxIndexerLagBlocks} behind)`);
  });
  return problems;
}

/**
 * Why this process should not take traffic yet, empty when it may: the database answers and has
 * every migration of this build, the indexer is within the sale's lag of every sale chain, and
 * every sale chain's RPC answers.
 */
export async function readinessProblems(deps: ReadinessDeps): Promise<string[]> {
  const [database, chains] = await Promise.all([databaseProblems(deps.database), chainProblems(deps)]);
  return [...database, ...chains];
}
