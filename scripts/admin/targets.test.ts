import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { resolveTargets } from "./targets.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-admin-targets-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function recordIn(name: string, chainIds: number[]): string {
  const deployments = path.join(dir, name);
  mkdirSync(deployments, { recursive: true });
  for (const chainId of chainIds) {
    const record = { chainId, address: `0x${String(chainId).padStart(40, "0")}`, blockNumber: 7, deployedAt: "2025-01-01T00:00:00.000Z" };
    writeFileSync(path.join(deployments, `${chainId}.json`), JSON.stringify(record));
  }
  return deployments;
}

test("a named network needs its RPC URL and a deployment recorded where the deploy writes them", () => {
  const deployments = recordIn("one", [11155111, 31337]);
  const env = { PIXLINGS_DEPLOYMENTS_DIR: deployments, SEPOLIA_RPC_URL: "https://rpc.example/key", LOCAL_ETHEREUM_RPC_PORT: "18545" };
  assert.deepEqual(resolveTargets(["sepolia"], env), [
    {
      network: "sepolia",
      chainId: 11155111,
      local: false,
      url: "https://rpc.example/key",
      address: "0x0000000000000000000000000000000011155111",
      deployBlock: 7n,
    },
  ]);
  assert.equal(resolveTargets(["localEthereum"], env)[0]!.url, "http://127.0.0.1:18545");
  assert.throws(() => resolveTargets(["amoy"], env), /Cannot run on amoy: set AMOY_RPC_URL \(its RPC URL\)/);
  assert.throws(
    () => resolveTargets(["amoy"], { ...env, AMOY_RPC_URL: "https://amoy.example" }),
    /amoy: no deployment recorded \(.*80002\.json\); deploy first with `npm run deploy -- --network amoy`/,
  );
});

test("--all is every network with both an RPC URL and a recorded deployment, and says why when there is none", () => {
  const deployments = recordIn("all", [11155111, 80002, 31338]);
  const env = { PIXLINGS_DEPLOYMENTS_DIR: deployments, SEPOLIA_RPC_URL: "https://rpc.example" };
  assert.deepEqual(
    resolveTargets("all", env).map((t) => t.network),
    ["localPolygon", "sepolia"],
  );
  assert.throws(
    () => resolveTargets("all", { PIXLINGS_DEPLOYMENTS_DIR: path.join(dir, "none") }),
    /No network to run on with --all:\n {2}localEthereum: no deployment recorded/,
  );
});
