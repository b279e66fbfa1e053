import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { fromRepoRoot } from "@pixlings/shared/node/paths";

const HOOK = fromRepoRoot("scripts", "test", "resolveFormats.mjs");

/** A package in a node_modules folder: an ES module folder, and a CommonJS folder inside it. */
function fixturePackage(): string {
  const root = path.join(mkdtempSync(path.join(tmpdir(), "resolve-formats-")), "node_modules", "fixture");
  mkdirSync(path.join(root, "cjs"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "fixture", type: "module", exports: { ".": "./index.js" } }));
  writeFileSync(path.join(root, "a.js"), "export const a = 'a';");
  writeFileSync(path.join(root, "b.js"), "export const b = 'b';");
  writeFileSync(path.join(root, "cjs", "package.json"), JSON.stringify({ type: "commonjs" }));
  writeFileSync(path.join(root, "cjs", "one.js"), "module.exports = { one: typeof require };");
  writeFileSync(path.join(root, "cjs", "two.js"), "module.exports = { two: typeof require };");
  return root;
}

/** Runs `source` as an ES module inside the fixture package, with the hook; its stdout. */
function runInPackage(root: string, source: string): string {
  const entry = path.join(root, "entry.js");
  writeFileSync(entry, source);
  return execFileSync(process.execPath, [`--import=${HOOK}`, entry], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

describe("resolveFormats (the test processes' module-resolution shortcut)", () => {
  it("answers a second file of a folder with the format Node gave the first, per folder", () => {
    const root = fixturePackage();
    const printed = runInPackage(
      root,
      `import { a } from "./a.js"; import { b } from "./b.js";
       import one from "./cjs/one.js"; import two from "./cjs/two.js";
       console.log(a, b, one.one, two.two);`,
    );
    // CommonJS files read `require` as a function: evaluated as ES modules they would throw.
    assert.equal(printed.trim(), "a b function function");
  });

  it("leaves a missing file to Node's own error", () => {
    const root = fixturePackage();
    assert.throws(
      () => runInPackage(root, `import "./a.js"; await import("./missing.js");`),
      (error: Error & { stderr?: string }) => /ERR_MODULE_NOT_FOUND/.test(error.stderr ?? ""),
    );
  });
});
