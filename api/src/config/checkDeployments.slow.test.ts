// The API's start check of the deployments its database was made with, through `node
// api/src/main.ts` itself against a real anvil chain: recorded at the first start, accepted while
// the chain is the same (also after a restart from its saved state), refused with what to do once
// the chain was started over under the database, or the API pointed at another contract.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { Address } from "viem";
import { REPO_ROOT } from "@pixlings/shared/node/paths";
import { deployPixlingsWith, freePort, startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";

describe("the API's check of the deployments its database was made with", () => {
  let dir: string;
  let port: number;
  let chain: OwnerChain | undefined;
  let contract: Address;
  const stateFile = () => path.join(dir, "chain.json");

  /** Runs the API on this PGlite dir selling on `address`; resolves with its exit and output (stopped once ready). */
  async function runApi(address: Address): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, "api", "src", "main.ts")], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: 31337, rpcUrl: `http://127.0.0.1:${port}`, address, startBlock: 1 }]),
        API_PORT: "0",
        API_PGLITE_DIR: path.join(dir, "api-db"),
        LOG_LEVEL: "warn",
        MINT_SIGNER_PRIVATE_KEY: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (data: Buffer): void => {
      output += data.toString();
      if (/Pixlings API ready:/.test(output)) child.kill("SIGTERM");
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    clearTimeout(timer);
    return { code, output };
  }

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-deployments-"));
    port = await freePort();
    chain = await startOwnerChain(31337, { port, stateFile: stateFile() });
    contract = await deployPixlingsWith(chain, {});
  });
  after(async () => {
    await chain?.local.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("records the chain at the first start, and starts again on the same chain, also restarted from its saved state", async () => {
    const first = await runApi(contract);
    assert.match(first.output, /Pixlings API ready:/);
    await chain!.local.stop();
    chain = await startOwnerChain(31337, { port, stateFile: stateFile() });
    const again = await runApi(contract);
    assert.match(again.output, /Pixlings API ready:/);
    assert.doesNotMatch(again.output, /Refusing/);
  });

  it("refuses another contract on the same chain, saying which and what to do", async () => {
    const other = await deployPixlingsWith(chain!, {});
    const { code, output } = await runApi(other);
    assert.equal(code, 1, output);
    assert.match(
      output,
      new RegExp(
        `Refusing to start: this API database was made with Pixlings at ${contract} on Local Ethereum \\(chain 31337\\), from block 1 \\(0x[0-9a-f]{8}…\\), but the API now sells on ${other}`,
        "i",
      ),
    );
    assert.match(output, /npm start -- --fresh/);
    assert.doesNotMatch(output, /Pixlings API ready/);
  });

  it("refuses a chain started over under it (the same contract address, other blocks), and changes nothing", async () => {
    await chain!.local.stop();
    await rm(stateFile(), { force: true });
    chain = await startOwnerChain(31337, { port, stateFile: stateFile() });
    const again = await deployPixlingsWith(chain, {});
    assert.equal(again, contract, "the deployer's first contract: the same address as before");
    const refused = await runApi(again);
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /Refusing to start: this API database was made with .* but that block is now 0x[0-9a-f]{8}…: the chain was started over/);
    // Nothing was recorded over the old record: still refused.
    assert.equal((await runApi(again)).code, 1);
  });
});
