import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const CONTRACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRODUCT_DIRS = ["", "access", "art", "token"];
const THIS_FILE = path.basename(fileURLToPath(import.meta.url));

function sources(dir: string, suffix: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix) && name !== THIS_FILE)
    .map((name) => withoutComments(readFileSync(path.join(dir, name), "utf8")));
}

/** Solidity and TypeScript share `//` and `/* *\/` comments; a name seen only there proves nothing. */
function withoutComments(source: string): string {
  return source.replaceAll(/\/\*[\s\S]*?\*\//g, "").replaceAll(/\/\/.*$/gm, "");
}

/** Custom errors the contract can revert with: `revert Name(`. */
function revertedErrors(productSources: string[]): Set<string> {
  return new Set(productSources.flatMap((src) => [...src.matchAll(/\brevert\s+(\w+)\s*\(/g)].map((m) => m[1]!)));
}

/**
 * Errors a test expects: `vm.expectRevert(...Name.selector...)` in Foundry tests, and
 * `assert.rejects(..., /Name/)` in the viem tests.
 */
function expectedErrors(foundryTests: string[], viemTests: string[]): Set<string> {
  const expected = new Set<string>();
  for (const src of foundryTests) {
    for (const call of src.matchAll(/vm\.expectRevert\(([^;]*)\);/g)) {
      for (const selector of call[1]!.matchAll(/(\w+)\.selector/g)) expected.add(selector[1]!);
    }
  }
  for (const src of viemTests) {
    for (const call of src.matchAll(/assert\.rejects\([^;]*?,\s*\/(\w+)\/\s*\)/g)) expected.add(call[1]!);
  }
  return expected;
}

/**
 * EDR reports line coverage only, so the guard branches get this check instead: every custom error
 * the contract can revert with is expected by name in at least one test.
 */
describe("revert paths", () => {
  it("every custom error the contract reverts with is expected by a test", () => {
    const errors = revertedErrors(PRODUCT_DIRS.flatMap((dir) => sources(path.join(CONTRACTS, dir), ".sol")));
    const test = path.join(CONTRACTS, "test");
    const expected = expectedErrors(sources(test, ".t.sol"), sources(test, ".test.ts"));
    assert.ok(errors.size >= 25, `found ${errors.size} custom errors`);
    assert.deepEqual(
      [...errors].filter((error) => !expected.has(error)),
      [],
    );
  });

  it("a name that appears only in a comment, or outside an expectation, does not count", () => {
    const foundry = withoutComments(`
      // vm.expectRevert(OnlyInALineComment.selector);
      /* vm.expectRevert(OnlyInABlockComment.selector); */
      bytes4 s = OnlyOutsideAnExpectation.selector;
      vm.expectRevert(abi.encodeWithSelector(Expected.selector, 1));`);
    const viem = withoutComments(`
      // await assert.rejects(call(), /InAComment/);
      await assert.rejects(call(), /ExpectedByViem/);`);
    assert.deepEqual([...expectedErrors([foundry], [viem])].sort(), ["Expected", "ExpectedByViem"]);
    assert.deepEqual([...revertedErrors([withoutComments("// revert Commented();\nrevert Real(1);")])], ["Real"]);
  });
});
