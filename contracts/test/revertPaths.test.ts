import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const CONTRACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRODUCT_DIRS = ["", "access", "art", "token"];

function sources(dir: string, suffix: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .map((name) => readFileSync(path.join(dir, name), "utf8"));
}

/**
 * EDR reports line coverage only, so the guard branches get this check instead: every custom error
 * the contract can revert with is expected by name in at least one test.
 */
describe("revert paths", () => {
  it("every custom error the contract reverts with is expected by a test", () => {
    const product = PRODUCT_DIRS.flatMap((dir) => sources(path.join(CONTRACTS, dir), ".sol"));
    const errors = new Set(product.flatMap((src) => [...src.matchAll(/revert (\w+)\(/g)].map((m) => m[1]!)));
    const tests = [...sources(path.join(CONTRACTS, "test"), ".t.sol"), ...sources(path.join(CONTRACTS, "test"), ".test.ts")]
      .join("\n")
      .replaceAll(/revert \w+\(/g, "");
    const untested = [...errors].filter((error) => !new RegExp(`\\b${error}\\b`).test(tests));
    assert.ok(errors.size >= 25, `found ${errors.size} custom errors`);
    assert.deepEqual(untested, []);
  });
});
