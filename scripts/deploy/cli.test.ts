import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { freePort } from "../chains/freePort.ts";

const CLI = path.join(import.meta.dirname, "cli.ts");

test("npm run deploy refuses a dev DEPLOYER_PRIVATE_KEY for a public network before connecting", async () => {
  // Nothing listens there: the refusal must come first.
  const url = `http://127.0.0.1:${await freePort()}`;
  for (const [network, urlVariable] of [
    ["sepolia", "SEPOLIA_RPC_URL"],
    ["amoy", "AMOY_RPC_URL"],
  ] as const) {
    const run = spawnSync(process.execPath, [CLI, "--network", network], {
      env: { ...process.env, [urlVariable]: url, DEPLOYER_PRIVATE_KEY: DEV_KEYS.minter },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, new RegExp(`Refusing to deploy to ${network}: DEPLOYER_PRIVATE_KEY is one of anvil's public dev keys`));
    assert.doesNotMatch(run.stderr, /Cannot reach/);
  }
});
