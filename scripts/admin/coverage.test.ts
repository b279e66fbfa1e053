import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { coverageRefusal, leftOutChains } from "./coverage.ts";
import { resolveTargets } from "./targets.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-admin-coverage-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const deployments = path.join(dir, "deployments");
mkdirSync(deployments);
for (const chainId of [31337, 31338, 11155111, 80002]) {
  const record = { chainId, address: `0x${String(chainId).padStart(40, "0")}`, blockNumber: 7, deployedAt: "2025-01-01T00:00:00.000Z" };
  writeFileSync(path.join(deployments, `${chainId}.json`), JSON.stringify(record));
}
const env = { PIXLINGS_DEPLOYMENTS_DIR: deployments, SEPOLIA_RPC_URL: "https://sepolia.example/key" };
const why = "every chain must show the same art";

test("the chains left out are the recorded ones of the targets' kind: public with public, local with local", () => {
  const sepolia = resolveTargets(["sepolia"], env);
  assert.deepEqual(
    leftOutChains(sepolia, env).map((c) => [c.network, c.target?.url, c.why]),
    [["amoy", undefined, "amoy: set AMOY_RPC_URL (its RPC URL)"]],
  );
  const withAmoy = { ...env, AMOY_RPC_URL: "https://amoy.example" };
  assert.deepEqual(
    leftOutChains(resolveTargets(["sepolia"], withAmoy), withAmoy).map((c) => [c.network, c.target?.address, c.why]),
    [["amoy", "0x0000000000000000000000000000000000080002", "amoy: not named"]],
  );
  assert.deepEqual(
    leftOutChains(resolveTargets(["localPolygon"], env), env).map((c) => c.network),
    ["localEthereum"],
  );
  assert.deepEqual(leftOutChains(resolveTargets(["sepolia", "amoy"], withAmoy), withAmoy), [], "both public chains named: nothing left out");
  assert.deepEqual(leftOutChains(resolveTargets(["amoy"], withAmoy), { ...withAmoy, PIXLINGS_DEPLOYMENTS_DIR: path.join(dir, "none") }), []);
});

test("--all leaves out a recorded network whose RPC URL is unset; the refusal names each chain and both ways on", () => {
  const all = resolveTargets("all", env);
  assert.deepEqual(
    all.map((t) => t.network),
    ["localEthereum", "localPolygon", "sepolia"],
  );
  const leftOut = leftOutChains(all, env);
  assert.equal(
    coverageRefusal({ targets: all.filter((t) => !t.local), leftOut, why }),
    [
      "Refusing to write sepolia alone: every chain must show the same art, and this chain has a deployment too:",
      "  amoy: set AMOY_RPC_URL (its RPC URL)",
      "Run it on every chain with --all (each needs its RPC URL), or add --only-this-chain to write sepolia alone on purpose (the chains then differ).",
    ].join("\n"),
  );
  assert.equal(coverageRefusal({ targets: all, leftOut: [], why }), undefined);
});
