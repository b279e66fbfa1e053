import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
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

  it("passes over a port another process listens on without a claim, and keeps no claim of it", async () => {
    const claims = mkdtempSync(path.join(os.tmpdir(), "ports-"));
    const held = net.createServer();
    try {
      const taken = await freePort(path.join(claims, "other"));
      await new Promise<void>((resolve) => held.listen(taken, "127.0.0.1", resolve));
      // The held port first, then random ones.
      let picks = 0;
      const port = await freePort(path.join(claims, "mine"), (first, end) => (picks++ === 0 ? taken : randomInt(first, end)));
      assert.notEqual(port, taken);
      assert.deepEqual(readdirSync(path.join(claims, "mine")).map(Number), [port]);
    } finally {
      held.close();
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
