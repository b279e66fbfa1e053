// Every test file runs in exactly the suite its name says: `*.slow.test.ts` (chains, Ponder, Postgres,
// the stack, a browser) in one of the areas `npm run test:slow` runs, every other `*.test.ts` in
// `npm run test:fast`. A file no suite's glob reaches would never run.
import assert from "node:assert/strict";
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "@pixlings/shared/node/paths";

const scripts = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
/** `hardhat test` runs the node tests in hardhat.config.ts's `paths.tests.nodejs`. */
const HARDHAT_TESTS = "contracts/test/*.test.ts";
const SKIPPED_DIRS = new Set(["node_modules", ".pixlings", "artifacts", "cache", "dist", ".git"]);

const quotedGlobs = (script: string): string[] => [...script.matchAll(/"([^"]+\.ts)"/g)].map((m) => m[1]!);
const script = (name: string): string => {
  const body = scripts[name];
  assert.ok(body, `package.json has no script ${name}`);
  return body;
};
/** The areas `test:slow` runs: its lanes for the lanes runner (`a,b c,d`). */
const slowAreas = (): string[] => [...script("test:slow").matchAll(/\b(test:[\w-]+)/g)].map((m) => m[1]!);
const globsOf = (area: string): string[] => (area === "test:contracts" ? [HARDHAT_TESTS] : quotedGlobs(script(area)));
const testFiles = (): string[] =>
  globSync("**/*.test.ts", { cwd: REPO_ROOT, exclude: (name) => SKIPPED_DIRS.has(path.basename(String(name))) }).map((file) => file.split(path.sep).join("/"));
const matchesAny = (file: string, globs: readonly string[]): boolean => globs.some((glob) => path.matchesGlob(file, glob));

/** The areas a lanes-runner command line runs (`cli.ts a,b c`), in order. */
const areasOf = (body: string): string[] => [...(/scripts\/test\/cli\.ts ([\w:, -]+)$/.exec(body)?.[1] ?? "").matchAll(/[\w:-]+/g)].map((m) => m[0]);

test("npm test runs, after the setup, the fast checks and every area of test:slow, each once, in one lanes runner", () => {
  assert.match(script("test"), /^node scripts\/setup\/index\.mjs && node_modules\/node\/bin\/node scripts\/test\/cli\.ts [\w:, -]+$/);
  const areas = areasOf(script("test"));
  assert.equal(new Set(areas).size, areas.length, "an area twice");
  assert.deepEqual([...areas].sort(), [...slowAreas(), "test:types", "lint", "test:fast"].sort());
});

test("every test file is reached by the suite its name says, and no fast glob takes a slow file", () => {
  const fast = quotedGlobs(script("test:fast"));
  const slow = slowAreas().flatMap(globsOf);
  assert.ok(fast.length > 0 && slow.length > 0);
  const files = testFiles();
  assert.ok(files.length >= 60, `found only ${files.length} test files`);
  const misplaced = files.filter((file) => (file.endsWith(".slow.test.ts") ? !matchesAny(file, slow) || matchesAny(file, fast) : !matchesAny(file, fast)));
  assert.deepEqual(misplaced, []);
});

test("the check itself tells a stray file from a placed one", () => {
  const fast = ["{api,web}/**/!(*.slow).test.ts"];
  assert.ok(matchesAny("api/src/a/b.test.ts", fast));
  assert.ok(!matchesAny("api/src/a/b.slow.test.ts", fast));
  assert.ok(!matchesAny("indexer/test/c.test.ts", fast));
});

test("the sale's own slow tests (mint/ and sale/, the holds) run in the first lane, test:api-sale, and nowhere else", () => {
  const sale = globsOf("test:api-sale");
  const others = globsOf("test:api-others");
  for (const file of ["api/src/sale/reserveTokens.slow.test.ts", "api/src/mint/mint.slow.test.ts"]) {
    assert.ok(matchesAny(file, sale), `${file} not in test:api-sale`);
    assert.ok(!matchesAny(file, others), `${file} also in test:api-others`);
  }
  assert.ok(!matchesAny("api/src/checkout/cardHolds.slow.test.ts", others));
});

test("every slow file runs in exactly one area of test:slow (the lanes split test:api, never run a file twice)", () => {
  const areas = slowAreas();
  const twice = testFiles()
    .filter((file) => file.endsWith(".slow.test.ts"))
    .filter((file) => areas.filter((area) => matchesAny(file, globsOf(area))).length !== 1);
  assert.deepEqual(twice, []);
  assert.ok(matchesAny("api/src/checkout/cardHolds.slow.test.ts", globsOf("test:api-payments")));
  assert.ok(matchesAny("api/src/fulfilment/cardFulfilment.slow.test.ts", globsOf("test:api-payments")));
});

test("test:slow runs the browser tests as their two halves, each once, and not the whole run besides", () => {
  const areas = slowAreas();
  assert.deepEqual(
    areas.filter((area) => area.startsWith("test:e2e")),
    ["test:e2e-1", "test:e2e-2"],
  );
  assert.match(script("test:e2e-1"), /^PIXLINGS_E2E_HALF=1 playwright test -c test\/playwright\.config\.ts$/);
  assert.match(script("test:e2e-2"), /^PIXLINGS_E2E_HALF=2 playwright test -c test\/playwright\.config\.ts$/);
});
