import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import os from "node:os";
import path from "node:path";
import { MEASURES, type MeasureName, type TargetResult } from "./measure.ts";

export interface Figure {
  value: number;
  unit: string;
  better: "lower" | "higher";
}

interface Goal {
  describe: string;
  /** Whether Pixlings passes, given its value and its ratio to the Solady baseline. */
  pass(value: number, ratio: number): boolean;
}

const GOALS: Partial<Record<MeasureName, Goal>> = {
  mint1_fresh: { describe: "<= 0.9x", pass: (_, ratio) => ratio <= 0.9 },
  mint1_second: { describe: "<= 0.8x", pass: (_, ratio) => ratio <= 0.8 },
  mint10_batch: { describe: "<= 0.5x", pass: (_, ratio) => ratio <= 0.5 },
  custody_transfer: { describe: "<= 1.0x", pass: (_, ratio) => ratio <= 1 },
  tokenuri_call: { describe: "<= 300k gas", pass: (value) => value <= 300_000 },
  tokenuri_call_max: { describe: "<= 300k gas", pass: (value) => value <= 300_000 },
  tokenuri_worst_case: { describe: "<= 300k gas", pass: (value) => value <= 300_000 },
  art_upload_total: { describe: "<= 80M gas", pass: (value) => value <= 80_000_000 },
};

const PREFIX = { pixlings: "pixlings_", baseline_oz: "baseline_oz_", baseline_solady: "baseline_solady_" } as const;

function byKey(results: readonly TargetResult[], key: keyof typeof PREFIX): TargetResult {
  const found = results.find((r) => r.target.key === key);
  if (!found) throw new Error(`no result for ${key}`);
  return found;
}

const ratioOf = (results: readonly TargetResult[], m: MeasureName): number =>
  Math.round((byKey(results, "pixlings").gas[m] / byKey(results, "baseline_solady").gas[m]) * 1000) / 1000;

function figures(results: readonly TargetResult[]): Record<string, Figure> {
  const out: Record<string, Figure> = {};
  for (const result of results) {
    for (const m of MEASURES) out[`${PREFIX[result.target.key]}${m}`] = { value: result.gas[m], unit: "gas", better: "lower" };
  }
  for (const m of MEASURES) out[`pixlings_${m}_ratio`] = { value: ratioOf(results, m), unit: "x", better: "lower" };
  return out;
}

export function table(results: readonly TargetResult[]): string {
  const head = ["measure", "Pixlings", "OZ 5", "Solady", "ratio", "target", "result"];
  const rows = MEASURES.map((m) => {
    const pix = byKey(results, "pixlings").gas[m];
    const ratio = ratioOf(results, m);
    const goal = GOALS[m];
    return [
      m,
      pix.toLocaleString("en-US"),
      byKey(results, "baseline_oz").gas[m].toLocaleString("en-US"),
      byKey(results, "baseline_solady").gas[m].toLocaleString("en-US"),
      `${ratio.toFixed(3)}x`,
      goal?.describe ?? "-",
      goal ? (goal.pass(pix, ratio) ? "pass" : "FAIL") : "-",
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function machineSummary(): string {
  const cpus = os.cpus();
  const gib = Math.round((os.totalmem() / 2 ** 30) * 10) / 10;
  return `${os.type()} ${os.release()} ${os.arch()}; ${cpus[0]?.model.trim() ?? "unknown CPU"}; ${cpus.length} cores; ${gib} GiB RAM; Node ${process.version}`;
}

const FiguresFile = z.object({
  figures: z.record(z.string(), z.object({ value: z.number(), unit: z.string(), better: z.enum(["lower", "higher"]) })),
});

/** The figures of a bench/results/*.json, or none when there is no such file yet. */
export function readFigures(file: string): Record<string, Figure> {
  if (!existsSync(file)) return {};
  return FiguresFile.parse(JSON.parse(readFileSync(file, "utf8"))).figures;
}

/** Writes `{ figures, machine, date }`, the shape of every bench/results/*.json. */
export function writeFigures(file: string, figures: Record<string, Figure>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const body = { figures, machine: machineSummary(), date: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}

export function writeResults(file: string, results: readonly TargetResult[]): void {
  writeFigures(file, figures(results));
}
