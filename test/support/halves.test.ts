import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { e2eHalf, SECOND_HALF } from "./halves.ts";

const specs = readdirSync(path.join(import.meta.dirname, "..", "e2e"))
  .filter((file) => file.endsWith(".spec.ts"))
  .map((file) => file.replace(/\.spec\.ts$/, ""));

test("PIXLINGS_E2E_HALF: unset runs every spec, 1 and 2 take a half each, anything else is refused", () => {
  assert.equal(e2eHalf(undefined), undefined);
  assert.equal(e2eHalf(""), undefined);
  assert.deepEqual(e2eHalf("1")?.testIgnore, e2eHalf("2")?.testMatch);
  for (const bad of ["0", "3", "1/2", "a"]) assert.throws(() => e2eHalf(bad), /PIXLINGS_E2E_HALF/);
});

test("the second half names only spec files that exist, each once, and leaves the first half some", () => {
  assert.deepEqual(
    SECOND_HALF.filter((name) => !specs.includes(name)),
    [],
  );
  assert.equal(new Set(SECOND_HALF).size, SECOND_HALF.length);
  assert.ok(specs.length - SECOND_HALF.length >= SECOND_HALF.length / 2, `the first half keeps ${specs.length - SECOND_HALF.length} spec files`);
});
