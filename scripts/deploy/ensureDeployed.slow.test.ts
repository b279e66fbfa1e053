import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { createTestClient, http, keccak256, parseEther, toHex, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { freePort } from "../chains/freePort.ts";
import { startLocalChain } from "../chains/localChain.ts";
import { connectChain, type ChainClients } from "./clients.ts";
import { readDeploymentRecord } from "./deploymentFile.ts";
import { ensureDeployed } from "./ensureDeployed.ts";
import { defaultSetup, setupHash } from "./pixlings.ts";
import { DEV_ADDRESSES } from "./roles.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-ensure-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const targets = { deploymentsDir: path.join(dir, "deployments"), generatedFile: path.join(dir, "generated.ts") };

async function withChain<T>(run: (url: string) => Promise<T>, chainId = 31338): Promise<T> {
  const chain = await startLocalChain({ chainId, port: await freePort() });
  try {
    return await run(chain.url);
  } finally {
    await chain.stop();
  }
}

test("deploys once, reuses the recorded contract, redeploys when the chain lost it", async () => {
  const first = await withChain(async (url) => {
    const clients = await connectChain({ chainId: 31338, url, privateKey: DEV_KEYS.owner });
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
    const clients = await connectChain({ chainId: 31338, url, privateKey: DEV_KEYS.owner });
    const lines: string[] = [];
    const fresh = await ensureDeployed({ clients, redeployOutdated: false, targets, log: (line) => lines.push(line) });
    assert.equal(fresh.outcome, "deployed");
    assert.match(lines.join("\n"), new RegExp(`no code at the recorded ${first.address}`));
  });
});

test("connectChain refuses an RPC that serves another chain", async () => {
  await withChain(async (url) => {
    await assert.rejects(connectChain({ chainId: 31337, url, privateKey: DEV_KEYS.owner }), /serves chain 31338, not 31337/);
  });
});

/** Roles, custody and sale state of the contract at `address`, read on the chain. */
async function onChainSetup(clients: ChainClients, address: Address) {
  const read = clients.publicClient.readContract;
  const roles = async (who: Address): Promise<bigint> => read({ address, abi: pixlingsAbi, functionName: "rolesOf", args: [who] });
  const [owner, custody, mintingActive] = await Promise.all([
    read({ address, abi: pixlingsAbi, functionName: "owner" }),
    read({ address, abi: pixlingsAbi, functionName: "custody" }),
    read({ address, abi: pixlingsAbi, functionName: "mintingActive" }),
  ]);
  return { owner, custody, mintingActive, roles };
}

test("local chains: deployed with the dev roles and the sale closed; a record of another or no setup is redeployed", async () => {
  const lines: string[] = [];
  await withChain(async (url) => {
    const clients = await connectChain({ chainId: 31338, url, privateKey: DEV_KEYS.owner });
    const deployed = await ensureDeployed({ clients, redeployOutdated: true, targets, log: (line) => lines.push(line) });
    const chain = await onChainSetup(clients, deployed.address);
    assert.deepEqual([chain.owner, chain.custody, chain.mintingActive], [DEV_ADDRESSES.owner, DEV_ADDRESSES.custody, false]);
    // ROLE_SIGNER 1, ROLE_MINTER 2, ROLE_ART_ADMIN 4: each key holds its own role only.
    assert.deepEqual(await Promise.all([DEV_ADDRESSES.owner, DEV_ADDRESSES.signer, DEV_ADDRESSES.minter, DEV_ADDRESSES.custody].map(chain.roles)), [
      4n,
      1n,
      2n,
      0n,
    ]);
    const file = path.join(targets.deploymentsDir, "31338.json");
    assert.equal(readDeploymentRecord(31338, targets.deploymentsDir)?.setupHash, setupHash(defaultSetup(31338, DEV_ADDRESSES.owner)));

    // A record from before this change (the single-key setup, no setupHash): deployed again.
    const { setupHash: _dropped, ...older } = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify(older));
    const again = await ensureDeployed({ clients, redeployOutdated: true, targets, log: (line) => lines.push(line) });
    assert.equal(again.outcome, "deployed");
    assert.notEqual(again.address, deployed.address);
    assert.match(lines.join("\n"), /was recorded before setups were/);

    // Another setup recorded: outdated unless redeploying, as for an older build.
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), setupHash: `0x${"cd".repeat(32)}` }));
    assert.equal((await ensureDeployed({ clients, redeployOutdated: false, targets })).outcome, "outdated");
    const third = await ensureDeployed({ clients, redeployOutdated: true, targets, log: (line) => lines.push(line) });
    assert.equal(third.outcome, "deployed");
    assert.match(lines.join("\n"), /was deployed with another setup/);
    assert.equal((await ensureDeployed({ clients, redeployOutdated: true, targets })).outcome, "reused");

    // A caller wanting another setup (here the old single-key one) gets a deployment of it.
    const single = defaultSetup(31338, DEV_ADDRESSES.owner, { signer: DEV_ADDRESSES.owner, minter: DEV_ADDRESSES.owner });
    const fourth = await ensureDeployed({ clients, redeployOutdated: true, setup: single, targets });
    assert.equal(fourth.outcome, "deployed");
    assert.equal(await (await onChainSetup(clients, fourth.address)).roles(DEV_ADDRESSES.owner), 7n);
  });
});

const ROLE_VARIABLES = ["PIXLINGS_OWNER", "PIXLINGS_SIGNER", "PIXLINGS_MINTER", "PIXLINGS_CUSTODY", "PIXLINGS_ART_ADMIN"] as const;

/** Runs `fn` with the PIXLINGS_* role variables set to `values` only (defaultSetup reads process.env). */
async function withRoleEnv<T>(values: Partial<Record<(typeof ROLE_VARIABLES)[number], string>>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(ROLE_VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of ROLE_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  try {
    return await fn();
  } finally {
    for (const name of ROLE_VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}

test("a non-local chain (anvil serving Sepolia's id): refuses unset, owner-equal or dev roles before any transaction", async () => {
  const account = (label: string) => privateKeyToAccount(keccak256(toHex(`pixlings-ensure-test:${label}`)));
  const deployerKey = keccak256(toHex("pixlings-ensure-test:deployer"));
  const deployer = privateKeyToAccount(deployerKey).address;
  const [signer, minter, custody] = [account("signer").address, account("minter").address, account("custody").address];
  const publicTargets = { deploymentsDir: path.join(dir, "public"), generatedFile: null };
  await withChain(async (url) => {
    await createTestClient({ mode: "anvil", transport: http(url) }).setBalance({ address: deployer, value: parseEther("100") });
    const clients = await connectChain({ chainId: 11155111, url, privateKey: deployerKey });
    const deploy = () => ensureDeployed({ clients, redeployOutdated: false, targets: publicTargets });
    await withRoleEnv({}, async () => {
      await assert.rejects(deploy(), /Refusing to deploy to Sepolia Testnet: set PIXLINGS_SIGNER, PIXLINGS_MINTER, PIXLINGS_CUSTODY/);
    });
    await withRoleEnv({ PIXLINGS_SIGNER: deployer, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody }, async () => {
      await assert.rejects(deploy(), new RegExp(`PIXLINGS_SIGNER \\(${deployer}\\) is the owner`));
    });
    await withRoleEnv({ PIXLINGS_OWNER: signer, PIXLINGS_SIGNER: signer, PIXLINGS_MINTER: signer, PIXLINGS_CUSTODY: custody }, async () => {
      await assert.rejects(deploy(), /PIXLINGS_SIGNER .* is the owner[\s\S]*PIXLINGS_MINTER .* is the owner/);
    });
    await withRoleEnv({ PIXLINGS_SIGNER: DEV_ADDRESSES.signer, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody }, async () => {
      await assert.rejects(deploy(), /PIXLINGS_SIGNER .* is the public dev account DEV_KEYS.signer/);
    });
    await withRoleEnv({ PIXLINGS_SIGNER: signer, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody, PIXLINGS_ART_ADMIN: DEV_ADDRESSES.owner }, async () => {
      await assert.rejects(deploy(), /PIXLINGS_ART_ADMIN .* DEV_KEYS.owner/);
    });
    // A setup handed in is judged the same way.
    await assert.rejects(
      ensureDeployed({ clients, redeployOutdated: false, targets: publicTargets, setup: defaultSetup(31337, deployer) }),
      /PIXLINGS_SIGNER .* DEV_KEYS.signer/,
    );
    assert.equal(await clients.publicClient.getTransactionCount({ address: deployer }), 0, "nothing was sent");
    assert.equal(readDeploymentRecord(11155111, publicTargets.deploymentsDir), undefined);

    const deployed = await withRoleEnv({ PIXLINGS_SIGNER: signer, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody }, deploy);
    assert.equal(deployed.outcome, "deployed");
    const chain = await onChainSetup(clients, deployed.address);
    assert.deepEqual([chain.owner, chain.custody, chain.mintingActive], [deployer, custody, false]);
    assert.deepEqual(await Promise.all([deployer, signer, minter].map(chain.roles)), [4n, 1n, 2n]);
    // Off the local chains the recorded setup is not compared: the owner manages roles on chain.
    const reused = await withRoleEnv({ PIXLINGS_SIGNER: account("other").address, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody }, deploy);
    assert.deepEqual(reused, { ...deployed, outcome: "reused" });
  }, 11155111);
});
