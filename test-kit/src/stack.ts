// The whole stack for the browser tests: two anvil chains with Pixlings deployed and the whole
// collection's art, a real Ponder indexing both, and the real API (serving the built web app from
// web/dist) as a child process, and the local Google stand-in (admin@ and artist@pixlings.test are
// admin and artist), each on a free loopback port with its data in a temp dir.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEther, type Address } from "viem";
import { chunkBlobs, loadArt } from "@pixlings/scripts/art/chunks";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { stopChild } from "@pixlings/scripts/process/stopChild";
import { READY_ACCOUNTS } from "@pixlings/local-google/accounts";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { startDeployedChain, startTestIndexer, waitCaughtUp, type TestChain, type TestIndexer } from "./indexer.ts";
import { startTestLocalGoogle } from "./localGoogle.ts";
import { API_MAIN, REPO_ROOT } from "@pixlings/shared/node/paths";

interface StackChain {
  chainId: number;
  rpcUrl: string;
  address: Address;
}

/** What the tests need to know about a running stack (passed to workers as JSON in env). */
export interface StackInfo {
  baseUrl: string;
  indexerUrl: string;
  chains: StackChain[];
}

export interface RunningStack extends StackInfo {
  fund(address: Address): Promise<void>;
  stop(): Promise<void>;
}

const API_READY_TIMEOUT_MS = 60_000;

function startApi(env: Record<string, string>): { child: ChildProcess; url: Promise<string>; exited: Promise<unknown>; output: () => string } {
  const child = spawn(process.execPath, [API_MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start within 60 s:\n${output}`)), API_READY_TIMEOUT_MS);
    const onData = (data: Buffer): void => {
      output = (output + data.toString()).slice(-20_000);
      const match = /Pixlings API ready: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the API exited during start-up:\n${output}`));
    });
  });
  return { child, url, exited, output: () => output };
}

export async function startStack(): Promise<RunningStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "pixlings-e2e-"));
  const chunks = chunkBlobs(await loadArt());
  const chains: TestChain[] = [];
  let indexer: TestIndexer | undefined;
  let api: ReturnType<typeof startApi> | undefined;
  let google: LocalGoogle | undefined;
  const stop = async (): Promise<void> => {
    if (api) await stopChild(api.child, api.exited, 10_000);
    await google?.close();
    await indexer?.stop();
    await Promise.all(chains.map((c) => c.chain.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    chains.push(...(await Promise.all([startDeployedChain(31337, chunks), startDeployedChain(31338, chunks)])));
    indexer = await startTestIndexer(chains);
    await waitCaughtUp(indexer, chains, 120_000);
    const port = await freePort();
    // Google sign-in through the local stand-in, whose admin and artist accounts are what they say.
    const local = await startTestLocalGoogle(`http://127.0.0.1:${port}`);
    google = local.google;
    const chainList = chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.chain.url, address: c.address, startBlock: c.deployBlock }));
    api = startApi({
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      API_PGLITE_DIR: path.join(dataDir, "api-db"),
      INDEXER_URL: indexer.url,
      PIXLINGS_INDEXER_CHAINS: JSON.stringify(chainList),
      SIWE_DOMAIN: `127.0.0.1:${port}`,
      SIWE_URI: `http://127.0.0.1:${port}`,
      DATABASE_URL: "",
      ...local.env,
      ADMIN_EMAILS: READY_ACCOUNTS.admin.email,
      ARTIST_EMAILS: `${READY_ACCOUNTS.artist.email}:*`,
    });
    const baseUrl = await api.url;
    return {
      baseUrl,
      indexerUrl: indexer.url,
      chains: chainList.map(({ chainId, rpcUrl, address }) => ({ chainId, rpcUrl, address })),
      fund: async (address) => {
        await Promise.all(chains.map((c) => c.test.setBalance({ address, value: parseEther("1000") })));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
