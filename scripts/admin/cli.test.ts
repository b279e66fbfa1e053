import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { freePort } from "../chains/freePort.ts";

const CLI = path.join(import.meta.dirname, "cli.ts");
const dir = mkdtempSync(path.join(tmpdir(), "pixlings-admin-cli-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const deployments = path.join(dir, "deployments");
mkdirSync(deployments);
for (const chainId of [11155111, 80002]) {
  const record = { chainId, address: `0x${"12".repeat(20)}`, blockNumber: 1, deployedAt: "2025-01-01T00:00:00.000Z" };
  writeFileSync(path.join(deployments, `${chainId}.json`), JSON.stringify(record));
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function admin(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...process.env, PIXLINGS_DEPLOYMENTS_DIR: deployments, ...env }, timeout: 60_000 },
      (_, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

// Nothing listens at these URLs: whatever is refused must be refused before an RPC is asked.
const deadUrl = `http://127.0.0.1:${await freePort()}`;
const piece = path.join(dir, "piece.json");
writeFileSync(piece, JSON.stringify({ palette: ["#000000", "#ffffff"], pixels: "01".repeat(40).concat("0") }));
const replaceArt = (...args: string[]): string[] => ["replace-art", "--token", "5", "--file", piece, ...args];
/** An art admin key of its own; both public networks' RPCs down; no storefront named. */
const artAdminEnv = { ART_ADMIN_PRIVATE_KEY: `0x${"43".repeat(32)}`, SEPOLIA_RPC_URL: deadUrl, AMOY_RPC_URL: deadUrl, SIWE_URI: "" };
// The runs start together (each is a Node process of its own); the tests read their results.
const runs = {
  usage: admin(["set-royalty", "--network", "sepolia", "--receiver", "0x12", "--bps", "500"]),
  devKey: admin(["pause", "--network", "sepolia"], { SEPOLIA_RPC_URL: deadUrl, OWNER_PRIVATE_KEY: DEV_KEYS.owner }),
  coins: admin(["set-prices", "--all", "--rare", "0.05"], { SEPOLIA_RPC_URL: deadUrl, AMOY_RPC_URL: deadUrl }),
  rpcDown: admin(["unpause", "--network", "amoy"], { AMOY_RPC_URL: `${deadUrl}/v2/secret-api-key`, OWNER_PRIVATE_KEY: `0x${"42".repeat(32)}` }),
  oneChain: admin(replaceArt("--network", "sepolia"), artAdminEnv),
  onlyThisChain: admin(replaceArt("--network", "sepolia", "--only-this-chain"), artAdminEnv),
  onlyThisChainWithAll: admin(replaceArt("--all", "--only-this-chain"), artAdminEnv),
};

test("a usage error exits 2 with the reason and where the help is, never a stack trace", async () => {
  // The other bad command lines are options.test.ts's; this is the exit code and the output.
  const run = await runs.usage;
  assert.equal(run.status, 2);
  assert.equal(run.stderr, "--receiver: must be a 0x-prefixed 20-byte address\nSee `npm run admin -- set-royalty --help`.\n");
  assert.equal(run.stdout, "");
});

test("a public dev key, and amounts across coins, are refused before any RPC is asked", async () => {
  const key = await runs.devKey;
  assert.equal(key.status, 1);
  assert.match(key.stderr, /^Refusing to use OWNER_PRIVATE_KEY on sepolia: it is one of anvil's public dev keys/);
  assert.doesNotMatch(key.stderr, /cannot reach/);
  const coins = await runs.coins;
  assert.equal(coins.status, 2);
  assert.match(coins.stderr, /set-prices takes amounts in one coin: run it per network, not with --all across ETH and POL chains/);
});

test("an RPC that is down is one line naming the network and the RPC's origin (its path may hold a key)", async () => {
  const run = await runs.rpcDown;
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^amoy: cannot reach the RPC at http:\/\/127\.0\.0\.1:\d+\/… \(fetch failed\)\.\n$/);
  assert.doesNotMatch(run.stdout + run.stderr, /secret-api-key/);
});

test("replace-art on part of the chains with a deployment is refused before any RPC is asked, unless --only-this-chain", async () => {
  const oneChain = await runs.oneChain;
  assert.equal(oneChain.status, 1);
  assert.equal(
    oneChain.stderr,
    [
      "Refusing to write sepolia alone: every chain must show the same art, and this chain has a deployment too:",
      "  amoy: not named",
      "Run it on every chain with --all (each needs its RPC URL), or add --only-this-chain to write sepolia alone on purpose (the chains then differ).",
      "",
    ].join("\n"),
  );
  // (--all leaving out a network whose RPC URL is unset is refused the same way: coverage.test.ts.)
  // On purpose: the refusal is lifted, and the run goes on to the chain (down here).
  const onlyThisChain = await runs.onlyThisChain;
  assert.equal(onlyThisChain.status, 1);
  assert.match(onlyThisChain.stderr, /^sepolia: cannot reach the RPC at http:\/\/127\.0\.0\.1:\d+ \(fetch failed\)\.\n$/);
  const withAll = await runs.onlyThisChainWithAll;
  assert.equal(withAll.status, 2);
  assert.match(withAll.stderr, /^--only-this-chain goes with --network <name>, not --all\./);
});
