import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { ephemeralPortStart, freePort } from "./freePort.ts";

describe("freePort", () => {
  it("hands out distinct ports below the kernel's ephemeral range, each claimed in the folder", async () => {
    const claims = mkdtempSync(path.join(os.tmpdir(), "ports-"));
    try {
      const ports = await Promise.all(Array.from({ length: 300 }, () => freePort(claims)));
      assert.equal(new Set(ports).size, ports.length);
      assert.ok(
        ports.every((port) => port >= 10_000 && port < ephemeralPortStart()),
        String(ports),
      );
      assert.deepEqual(readdirSync(claims).map(Number).sort(), [...ports].sort());
    } finally {
      rmSync(claims, { recursive: true, force: true });
    }
  });

  it("reads the range's start, and falls back to 32768 without one", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "range-"));
    try {
      writeFileSync(path.join(dir, "range"), "40000\t60999\n");
      assert.equal(ephemeralPortStart(path.join(dir, "range")), 40_000);
      assert.equal(ephemeralPortStart(path.join(dir, "missing")), 32_768);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
