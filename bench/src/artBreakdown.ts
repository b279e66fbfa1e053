import { hexToBytes, type Hash } from "viem";
import type { BenchClients } from "./clients.ts";
import type { Target } from "./targets.ts";
import { calldataGas, isZero, prestate, type Prestate } from "./trace.ts";

/** Where the art upload gas of a contract goes, summed over its upload transactions. */
interface ArtCosts {
  total: number;
  base: number;
  calldata: number;
  /** Contracts created (SSTORE2): 32,000 each + 200 a byte of code deposited. */
  contracts: number;
  codeBytes: number;
  /** Storage slots written from zero, 22,100 each (cold). */
  slots: number;
  /** Logs: 375 + 375 a topic + 8 a data byte. */
  logGas: number;
}

async function artCosts(url: string, clients: BenchClients, hashes: readonly Hash[]): Promise<ArtCosts> {
  const out: ArtCosts = { total: 0, base: 0, calldata: 0, contracts: 0, codeBytes: 0, slots: 0, logGas: 0 };
  for (const hash of hashes) {
    const [tx, receipt, diff] = await Promise.all([
      clients.publicClient.getTransaction({ hash }),
      clients.publicClient.getTransactionReceipt({ hash }),
      prestate<{ pre: Prestate; post: Prestate }>(url, hash, true),
    ]);
    out.total += Number(receipt.gasUsed);
    out.base += 21_000;
    out.calldata += calldataGas(hexToBytes(tx.input));
    for (const [address, after] of Object.entries(diff.post)) {
      const before = diff.pre[address];
      if (after.code && after.code !== "0x" && !before?.code) {
        out.contracts++;
        out.codeBytes += (after.code.length - 2) / 2;
      }
      for (const [slot, value] of Object.entries(after.storage ?? {})) {
        if (isZero(before?.storage?.[slot]) && !isZero(value)) out.slots++;
      }
    }
    for (const log of receipt.logs) out.logGas += 375 + 375 * log.topics.length + 8 * ((log.data.length - 2) / 2);
  }
  return out;
}

const m = (gas: number): string => `${(gas / 1e6).toFixed(2)}M`;

/** Prints the art upload of each target split into protocol costs (from traces) and the rest. */
export async function printArtBreakdown(url: string, clients: BenchClients, targets: readonly Target[]): Promise<void> {
  console.log("Art upload of all 9,999 pieces (from prestate traces of every upload transaction; 'execution' = the rest):");
  for (const target of targets.filter((t) => t.key !== "baseline_oz")) {
    const c = await artCosts(url, clients, target.artTxs);
    const code = 32_000 * c.contracts + 200 * c.codeBytes;
    const slots = 22_100 * c.slots;
    const rest = c.total - c.base - c.calldata - code - slots - c.logGas;
    console.log(
      `  ${target.label.padEnd(8)} ${m(c.total)} = ${c.base / 21_000} txs ${m(c.base)} + calldata ${m(c.calldata)}` +
        ` + ${c.contracts} SSTORE2 contracts of ${c.codeBytes.toLocaleString("en-US")} bytes ${m(code)}` +
        ` + ${c.slots.toLocaleString("en-US")} new slots ${m(slots)} + logs ${m(c.logGas)} + execution ${m(rest)}`,
    );
  }
  console.log("");
}
