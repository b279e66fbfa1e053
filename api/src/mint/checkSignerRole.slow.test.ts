// The start-up check of the voucher key, against real anvil chains with Pixlings deployed under
// explicit role setups, and through `node api/src/main.ts` itself.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { getAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { eventually } from "@pixlings/test-kit/indexer";
import { deployPixlingsWith, freePort, startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";
import { REPO_ROOT } from "@pixlings/shared/node/paths";
import { readConfig } from "../config/readConfig.ts";
import { checkSignerRole } from "./checkSignerRole.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import { DEV_SIGNER_KEY } from "../sale/saleConfig.ts";

const owner = privateKeyToAccount(DEV_KEYS.owner).address;
const signer = privateKeyToAccount(DEV_SIGNER_KEY).address;
const stranger = privateKeyToAccount(DEV_KEYS.minter).address;

/** Pixlings deployed by the owner's key with these roles (every other address the owner's). */
async function deploy(c: OwnerChain, roles: { owner: Address; signer: Address }): Promise<Address> {
  return deployPixlingsWith(c, {
    owner: roles.owner,
    signer: roles.signer,
    minter: owner,
    artAdmin: owner,
    custody: owner,
    withdrawRecipient: owner,
    royaltyReceiver: owner,
  });
}

/** The chains on sale as the API reads them (readConfig over PIXLINGS_INDEXER_CHAINS). */
const saleChains = (entries: { chainId: number; rpcUrl: string; address: Address }[]): SaleChain[] =>
  readConfig({ PIXLINGS_INDEXER_CHAINS: JSON.stringify(entries) }).sale.chains;
const on = (c: OwnerChain, address: Address) => ({ chainId: c.clients.chainId, rpcUrl: c.local.url, address });

describe("checkSignerRole", () => {
  let eth: OwnerChain;
  let pol: OwnerChain;
  /** signer holds ROLE_SIGNER, owner is the owner: as it must be. */
  let good: Address;
  let polGood: Address;
  /** The voucher key is the owner (and holds the role). */
  let ownedBySigner: Address;
  /** The role went to another address. */
  let signerElsewhere: Address;
  /** Both wrong at once. */
  let ownedWithoutRole: Address;

  before(async () => {
    [eth, pol] = await Promise.all([startOwnerChain(31337), startOwnerChain(31338)]);
    good = await deploy(eth, { owner, signer });
    ownedBySigner = await deploy(eth, { owner: signer, signer });
    signerElsewhere = await deploy(eth, { owner, signer: stranger });
    ownedWithoutRole = await deploy(eth, { owner: signer, signer: stranger });
    polGood = await deploy(pol, { owner, signer });
  });
  after(async () => {
    await Promise.all([eth?.local.stop(), pol?.local.stop()]);
  });

  it("passes when the key holds the signer role and is not the owner, on every chain", async () => {
    assert.deepEqual(await checkSignerRole(saleChains([on(eth, good), on(pol, polGood)]), signer), []);
  });

  it("refuses a key that is the owner", async () => {
    const [line, ...rest] = await checkSignerRole(saleChains([on(eth, ownedBySigner)]), signer);
    assert.deepEqual(rest, []);
    assert.equal(
      line,
      `Chain 31337 (Local Ethereum), contract ${ownedBySigner}: the voucher key's address ${signer} is the contract's owner (the API must never hold the owner's key)`,
    );
  });

  it("refuses a key without the signer role", async () => {
    const lines = await checkSignerRole(saleChains([on(eth, signerElsewhere)]), signer);
    assert.deepEqual(lines, [
      `Chain 31337 (Local Ethereum), contract ${signerElsewhere}: the voucher key's address ${signer} does not hold ROLE_SIGNER (the owner grants it with grantRoles)`,
    ]);
    // The owner's own key: it lacks the role here, and it is the owner.
    assert.match((await checkSignerRole(saleChains([on(eth, signerElsewhere)]), owner))[0] ?? "", /does not hold ROLE_SIGNER .* and is the contract's owner/);
  });

  it("names both problems, and only the chains that have one", async () => {
    const lines = await checkSignerRole(saleChains([on(eth, ownedWithoutRole), on(pol, polGood)]), signer);
    assert.equal(lines.length, 1);
    assert.match(
      lines[0]!,
      new RegExp(
        `^Chain 31337 \\(Local Ethereum\\), contract ${ownedWithoutRole}: the voucher key's address ${signer} does not hold ROLE_SIGNER .* and is the contract's owner`,
      ),
    );
  });

  it("reads the role as it is now: revoked refuses, granted again passes", async () => {
    const address = await deploy(eth, { owner, signer });
    const chains = saleChains([on(eth, address)]);
    const write = async (functionName: "revokeRoles" | "grantRoles"): Promise<void> => {
      const role = await eth.clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "ROLE_SIGNER" });
      const hash = await eth.clients.walletClient.writeContract({ address, abi: pixlingsAbi, functionName, args: [signer, role] });
      await eth.clients.publicClient.waitForTransactionReceipt({ hash });
    };
    await write("revokeRoles");
    assert.match((await checkSignerRole(chains, signer))[0] ?? "", /does not hold ROLE_SIGNER/);
    await write("grantRoles");
    assert.deepEqual(await checkSignerRole(chains, signer), []);
  });

  it("refuses an RPC that serves another chain, and an address without a contract", async () => {
    const wrongChain = await checkSignerRole(saleChains([{ chainId: 31338, rpcUrl: eth.local.url, address: good }]), signer);
    assert.deepEqual(wrongChain, [`Chain 31338 (Local Polygon), contract ${good}: the RPC at ${new URL(eth.local.url).host} serves chain 31337, not 31338`]);
    const nothing = getAddress(`0x${"5a".repeat(20)}`);
    const noContract = await checkSignerRole(saleChains([on(eth, nothing)]), signer);
    assert.deepEqual(noContract, [`Chain 31337 (Local Ethereum), contract ${nothing}: no contract is deployed at that address`]);
  });

  it("retries an RPC that does not answer, then refuses without showing the URL's path", async () => {
    const port = await freePort();
    const retries: string[] = [];
    const started = Date.now();
    const lines = await checkSignerRole(saleChains([{ chainId: 31337, rpcUrl: `http://127.0.0.1:${port}/v2/secret-key`, address: good }]), signer, {
      retryForMs: 600,
      retryEveryMs: 100,
      onRetry: (_chain, reason) => retries.push(reason),
    });
    assert.ok(Date.now() - started >= 600, "it waited for the RPC");
    assert.ok(retries.length >= 3, `${retries.length} retries`);
    assert.equal(lines.length, 1);
    assert.match(
      lines[0]!,
      new RegExp(
        `^Chain 31337 \\(Local Ethereum\\), contract ${good}: the RPC at 127\\.0\\.0\\.1:${port} did not answer within 1 s \\(.+\\), so the voucher key cannot be checked$`,
      ),
    );
    assert.ok(!lines[0]!.includes("secret-key"));
  });

  it("passes once an RPC that was down at start comes up within the wait", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "pixlings-signer-check-"));
    const stateFile = path.join(dir, "chain.json");
    const first = await startOwnerChain(31338, { stateFile });
    const port = Number(new URL(first.local.url).port);
    const address = await deploy(first, { owner, signer });
    await first.local.stop(); // dumps the state, contract included
    let restarted: OwnerChain | undefined;
    try {
      const retries: string[] = [];
      const check = checkSignerRole(saleChains([{ chainId: 31338, rpcUrl: first.local.url, address }]), signer, {
        retryForMs: 30_000,
        retryEveryMs: 100,
        onRetry: (_chain, reason) => retries.push(reason),
      });
      // Started again only once a check found it down, however slow the machine.
      await eventually(
        async () => retries.length >= 1,
        () => "no retry while the chain was down",
      );
      restarted = await startOwnerChain(31338, { port, stateFile });
      assert.deepEqual(await check, []);
    } finally {
      await restarted?.local.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe("npm run api (api/src/main.ts)", () => {
    /** Runs the API with these chains on sale and the dev voucher key; resolves with its exit and output. */
    async function runApi(
      chains: { chainId: number; rpcUrl: string; address: Address }[],
      untilReady: boolean,
    ): Promise<{ code: number | null; output: string }> {
      const dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-main-"));
      const child = spawn(process.execPath, [path.join(REPO_ROOT, "api", "src", "main.ts")], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          PIXLINGS_INDEXER_CHAINS: JSON.stringify(chains),
          API_PORT: "0",
          API_PGLITE_DIR: path.join(dir, "db"),
          LOG_LEVEL: "warn",
          MINT_SIGNER_PRIVATE_KEY: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      const keep = (data: Buffer): void => {
        output += data.toString();
        if (untilReady && /Pixlings API ready:/.test(output)) child.kill("SIGTERM");
      };
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
      return { code, output };
    }

    it("refuses to start with one clear line when the voucher key lacks the role on a chain", async () => {
      const { code, output } = await runApi([on(eth, signerElsewhere), on(pol, polGood)], false);
      assert.equal(code, 1, output);
      assert.match(
        output,
        new RegExp(
          `Refusing to start: Chain 31337 \\(Local Ethereum\\), contract ${signerElsewhere}: the voucher key's address ${signer} does not hold ROLE_SIGNER`,
        ),
      );
      assert.doesNotMatch(output, /Pixlings API ready|Chain 31338/);
    });

    it("starts when the voucher key may sign on every chain", async () => {
      const { output } = await runApi([on(eth, good), on(pol, polGood)], true);
      assert.match(output, /Pixlings API ready: http:\/\/127\.0\.0\.1:\d+/);
      assert.doesNotMatch(output, /Refusing/);
    });
  });
});
