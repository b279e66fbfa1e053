import assert from "node:assert/strict";
import { test } from "node:test";
import { createProgressBars, formatGas, renderBar } from "./progress.ts";

test("a bar shows percentage, chunks and gas", () => {
  assert.equal(
    renderBar("Local Ethereum", { done: 10, total: 40, gasUsed: 12_345_678n }, 16),
    "Local Ethereum   [######------------------]  25%  10/40 chunks  12.3M gas",
  );
  assert.equal(formatGas(950n), "950 gas");
  assert.equal(formatGas(21_000n), "21.0k gas");
});

test("without a terminal, each bar logs once per quarter", () => {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (text: string) => lines.push(text) } as unknown as NodeJS.WriteStream;
  const bars = createProgressBars(stream);
  for (let done = 0; done <= 40; done++) bars.update("A", done, 40, BigInt(done));
  bars.finish();
  assert.equal(lines.length, 5);
  assert.match(lines.at(-1)!, /100% {2}40\/40 chunks/);
});
