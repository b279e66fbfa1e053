import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { createStamps, hashInputs, listFiles, workspacePackageDirs } from "./lib.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-setup-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("the input hash changes with content, names and extras, not with order", () => {
  const a = path.join(dir, "a.txt");
  const b = path.join(dir, "b.txt");
  writeFileSync(a, "one");
  writeFileSync(b, "two");
  const base = hashInputs(dir, [a, b], ["ART_SEED=1"]);
  assert.equal(hashInputs(dir, [b, a], ["ART_SEED=1"]), base);
  assert.notEqual(hashInputs(dir, [a, b], ["ART_SEED=2"]), base);
  writeFileSync(b, "three");
  assert.notEqual(hashInputs(dir, [a, b], ["ART_SEED=1"]), base);
  assert.notEqual(hashInputs(dir, [a, path.join(dir, "missing")], []), hashInputs(dir, [a], []));
});

test("stamps remember a step's hash until cleared", () => {
  const stamps = createStamps(path.join(dir, "stamps"));
  assert.equal(stamps.matches("build", "h1"), false);
  stamps.write("build", "h1");
  assert.equal(stamps.matches("build", "h1"), true);
  assert.equal(stamps.matches("build", "h2"), false);
  stamps.clear("build");
  assert.equal(stamps.matches("build", "h1"), false);
});

test("workspace packages and file listings skip node_modules", () => {
  const root = path.join(dir, "repo");
  for (const sub of ["shared", "apps/web", "apps/api", "shared/node_modules/x"]) mkdirSync(path.join(root, sub), { recursive: true });
  writeFileSync(path.join(root, "pnpm-workspace.yaml"), 'packages:\n  - shared\n  - "apps/*"\nonlyBuiltDependencies:\n  - node\n');
  writeFileSync(path.join(root, "shared", "a.ts"), "");
  writeFileSync(path.join(root, "shared", "node_modules", "x", "b.ts"), "");
  const dirs = workspacePackageDirs(root)
    .map((d) => path.relative(root, d))
    .sort();
  assert.deepEqual(dirs, ["apps/api", "apps/web", "shared"]);
  const files = listFiles(path.join(root, "shared")).map((f) => path.relative(root, f));
  assert.deepEqual(files, ["shared/a.ts"]);
});
