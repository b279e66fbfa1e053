import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { migratedTemplate } from "./migratedTemplate.ts";

test("two APIs started at once by one process, before any template exists, both get it", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pixlings-template-test-"));
  try {
    const [a, b] = await Promise.all([migratedTemplate(dir), migratedTemplate(dir)]);
    assert.equal(a, b, "one template, made once, for both");
    assert.ok(a.size > 0);
    assert.deepEqual(
      readdirSync(dir).map((name) => name.replace(/[0-9a-f]{16}/, "<hash>")),
      ["pixlings-api-pglite-<hash>.tar"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
