import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { ANVIL_FIRST_PRIVATE_KEY } from "../chains/accounts.ts";
import { freePort } from "../chains/free-port.ts";
import { startLocalChain } from "../chains/local-chain.ts";
import { connectChain } from "./clients.ts";
import { readDeploymentRecord } from "./deployment-file.ts";
import { ensureDeployed } from "./ensure-deployed.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-ensure-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const targets = { deploymentsDir: path.join(dir, "deployments"), generatedFile: path.join(dir, "generated.ts") };

async function withChain<T>(run: (url: string) => Promise<T>): Promise<T> {
  const chain = await startLocalChain({ chainId: 31338, port: await freePort() });
  try {
    return await run(chain.url);
  } finally {
    await chain.stop();
  }
}

test("deploys once, reuses the recorded contract, redeploys when the chain lost it", async () => {
  const first = await withChain(async (url) => {
    const clients = await connectChain({ chainId: 31338, url, privateKey: ANVIL_FIRST_PRIVATE_KEY });
    const deployed = await ensureDeployed({ clients, redeployOutdated: true, targets });
    assert.equal(deployed.outcome, "deployed");
    const record = readDeploymentRecord(31338, targets.deploymentsDir);
    assert.equal(record?.address, deployed.address);
    assert.equal(record?.blockNumber, Number(deployed.blockNumber));
    assert.match(readFileSync(targets.generatedFile, "utf8"), new RegExp(`31338: \\{\\n    address: "${deployed.address}"`));

    const reused = await ensureDeployed({ clients, redeployOutdated: true, targets });
    assert.deepEqual(reused, { ...deployed, outcome: "reused" });

    const file = path.join(targets.deploymentsDir, "31338.json");
    const older = { ...JSON.parse(readFileSync(file, "utf8")), bytecodeHash: `0x${"ab".repeat(32)}` };
    writeFileSync(file, JSON.stringify(older));
    assert.equal((await ensureDeployed({ clients, redeployOutdated: false, targets })).outcome, "outdated");
    const redeployed = await ensureDeployed({ clients, redeployOutdated: true, targets });
    assert.equal(redeployed.outcome, "deployed");
    assert.notEqual(redeployed.address, deployed.address);
    return redeployed;
  });

  await withChain(async (url) => {
    const clients = await connectChain({ chainId: 31338, url, privateKey: ANVIL_FIRST_PRIVATE_KEY });
    const lines: string[] = [];
    const fresh = await ensureDeployed({ clients, redeployOutdated: false, targets, log: (line) => lines.push(line) });
    assert.equal(fresh.outcome, "deployed");
    assert.match(lines.join("\n"), new RegExp(`no code at the recorded ${first.address}`));
  });
});

test("connectChain refuses an RPC that serves another chain", async () => {
  await withChain(async (url) => {
    await assert.rejects(
      connectChain({ chainId: 31337, url, privateKey: ANVIL_FIRST_PRIVATE_KEY }),
      /serves chain 31338, not 31337/,
    );
  });
});
