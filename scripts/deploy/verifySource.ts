import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Env } from "@pixlings/shared/env";
import type { NetworkName } from "@pixlings/shared/networks";
import { REPO_ROOT } from "../paths.ts";
import type { ChainClients } from "./clients.ts";
import type { DeploymentRecord } from "./deploymentFile.ts";
import { setupOfCreation } from "./pixlings.ts";

/** Hardhat's command line, run with this Node (the verify task of @nomicfoundation/hardhat-verify). */
const HARDHAT_CLI = path.join(REPO_ROOT, "node_modules", "hardhat", "dist", "src", "cli.js");
const VERIFY_TIMEOUT_MS = 5 * 60_000;
const OUTPUT_TAIL_LINES = 8;

export type SourceVerification =
  | { state: "verified" }
  | { state: "verified before"; at: string }
  | { state: "skipped"; reason: string }
  | { state: "failed"; reason: string };

/** One line about the verification, for the deploy's output. */
export function describeVerification(v: SourceVerification): string {
  switch (v.state) {
    case "verified":
      return "source verified on Etherscan";
    case "verified before":
      return `source verified on Etherscan before (${v.at})`;
    case "skipped":
      return `source verification skipped: ${v.reason}`;
    case "failed":
      return `source verification FAILED (the deployment itself is fine; run the deploy again to retry):\n${v.reason}`;
  }
}

function runHardhat(args: readonly string[], env: Env): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HARDHAT_CLI, ...args], {
      cwd: REPO_ROOT,
      env: { ...env },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: VERIFY_TIMEOUT_MS,
    });
    let output = "";
    const keep = (data: Buffer): void => {
      output += data.toString();
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (error) => resolve({ code: null, output: `${output}\n${error.message}` }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * Verifies the recorded contract's source on Etherscan (one API key for Sepolia and Amoy:
 * Etherscan's v2 API) with `hardhat verify etherscan`, when ETHERSCAN_API_KEY is set. The
 * constructor argument is read from the deployment transaction; the build profile is the one
 * `npm run setup` builds with. Never throws: a failure is returned, the deployment stands.
 */
export async function verifySource(p: { network: NetworkName; clients: ChainClients; record: DeploymentRecord; env: Env }): Promise<SourceVerification> {
  const { record } = p;
  if (!p.env.ETHERSCAN_API_KEY) return { state: "skipped", reason: "ETHERSCAN_API_KEY is not set" };
  if (record.sourceVerifiedAt) return { state: "verified before", at: record.sourceVerifiedAt };
  if (!record.txHash) return { state: "failed", reason: "the deployment record has no transaction hash to read the constructor argument from" };
  let dir: string | undefined;
  try {
    const creation = await p.clients.publicClient.getTransaction({ hash: record.txHash });
    const setup = setupOfCreation(creation.input);
    if (!setup) return { state: "skipped", reason: "the recorded contract is another build than this checkout's; verify it from the commit that deployed it" };
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-verify-"));
    const argsFile = path.join(dir, "constructorArgs.mjs");
    await writeFile(argsFile, `export default ${JSON.stringify([setup], (_, value) => (typeof value === "bigint" ? value.toString() : value))};\n`);
    const args = ["--network", p.network, "--build-profile", "default", "verify", "etherscan", "--constructor-args-path", argsFile, record.address];
    const { code, output } = await runHardhat(args, p.env);
    if (code === 0) return { state: "verified" };
    // Hardhat adds a stack trace under CI=true: the lines that say what went wrong are above it.
    const tail = output
      .trim()
      .split("\n")
      .filter((line) => line.trim() !== "" && !/^\s*at\s/.test(line))
      .slice(-OUTPUT_TAIL_LINES)
      .map((line) => `  ${line}`);
    return { state: "failed", reason: tail.join("\n") || `hardhat verify exited with ${code}` };
  } catch (error) {
    return { state: "failed", reason: `  ${(error as Error).message.split("\n")[0]}` };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
