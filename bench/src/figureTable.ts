import type { Figure } from "./report.ts";

export type Targets = Record<string, { describe: string; pass: (value: number) => boolean }>;

/** Prints figure, value, target and pass/FAIL as an aligned table. */
export function printFigureTable(figures: Record<string, Figure>, targets: Targets): void {
  const rows = Object.entries(figures).map(([name, f]) => {
    const target = targets[name];
    return [name, `${f.value} ${f.unit}`, target?.describe ?? "-", target ? (target.pass(f.value) ? "pass" : "FAIL") : "-"];
  });
  const head = ["figure", "value", "target", "result"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ");
  console.log(["", line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line), ""].join("\n"));
}
