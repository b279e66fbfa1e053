import { hexToBytes, type Hash } from "viem";
import type { BenchClients } from "./clients.ts";
import { calldataGas, isZero, prestate, type Prestate } from "./trace.ts";
import type { MeasureName, TargetResult } from "./measure.ts";

interface Breakdown {
  gasUsed: number;
  intrinsic: number;
  /** Slots written from zero (about 22,100 gas each, cold). */
  created: number;
  /** Slots rewritten non-zero to non-zero (about 5,000 gas each, cold). */
  updated: number;
  /** Slots only read (2,100 gas each, cold). */
  readOnly: number;
}

// Cold costs of EIP-2929/2200: a fresh slot 2,100 + 20,000; a rewrite 2,100 + 2,900; a read 2,100.
const CREATE_GAS = 22_100;
const UPDATE_GAS = 5_000;
const READ_GAS = 2_100;

/** Counts the storage slots a transaction creates, rewrites and only reads (prestateTracer). */
async function breakdown(url: string, clients: BenchClients, hash: Hash): Promise<Breakdown> {
  const [tx, receipt, touched, diff] = await Promise.all([
    clients.publicClient.getTransaction({ hash }),
    clients.publicClient.getTransactionReceipt({ hash }),
    prestate<Prestate>(url, hash, false),
    prestate<{ pre: Prestate; post: Prestate }>(url, hash, true),
  ]);
  const out: Breakdown = {
    gasUsed: Number(receipt.gasUsed),
    intrinsic: 21_000 + calldataGas(hexToBytes(tx.input)),
    created: 0,
    updated: 0,
    readOnly: 0,
  };
  for (const [address, account] of Object.entries(touched)) {
    for (const slot of Object.keys(account.storage ?? {})) {
      const before = diff.pre[address]?.storage?.[slot];
      const after = diff.post[address]?.storage?.[slot];
      if (after === undefined && before === undefined) out.readOnly++;
      else if (isZero(before) && !isZero(after)) out.created++;
      else out.updated++;
    }
  }
  return out;
}

const n = (value: number): string => value.toLocaleString("en-US");

/** Prints, for each measured transaction, where Pixlings' and the Solady baseline's gas goes. */
export async function printBreakdowns(url: string, clients: BenchClients, results: readonly TargetResult[]): Promise<void> {
  const shown = results.filter((r) => r.target.key !== "baseline_oz");
  const measures: MeasureName[] = ["mint1_fresh", "mint1_second", "mint10_batch", "custody_transfer"];
  console.log(
    "Storage per transaction (slots x cold cost: created 22,100, rewritten 5,000, read 2,100; " +
      "'rest' = execution besides storage, incl. logs, hashing, ecrecover):",
  );
  const rows: string[][] = [["tx", "contract", "gasUsed", "base+calldata", "created", "rewritten", "read", "rest"]];
  for (const m of measures) {
    for (const result of shown) {
      const hash = result.txs[m];
      if (!hash) continue;
      const b = await breakdown(url, clients, hash);
      const storage = b.created * CREATE_GAS + b.updated * UPDATE_GAS + b.readOnly * READ_GAS;
      rows.push([
        m,
        result.target.label,
        n(b.gasUsed),
        n(b.intrinsic),
        `${b.created} = ${n(b.created * CREATE_GAS)}`,
        `${b.updated} = ${n(b.updated * UPDATE_GAS)}`,
        `${b.readOnly} = ${n(b.readOnly * READ_GAS)}`,
        n(b.gasUsed - b.intrinsic - storage),
      ]);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  console.log("");
}
