import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { localRpcUrl } from "@pixlings/shared/networks";
import { anvilBinary } from "./anvilBinary.ts";
import { assertPortFree } from "./freePort.ts";
import { followChild } from "../process/followChild.ts";

export interface LocalChainOptions {
  chainId: number;
  port: number;
  /** Persist state here (anvil --state): loaded at start if present, dumped on exit. */
  stateFile?: string;
  /** Seconds between periodic state dumps, so a crash loses little (default 5). */
  stateIntervalSeconds?: number;
  /** Added to the "port taken" error, e.g. which env variable picks another port. */
  portHint?: string;
  /**
   * Also mine an empty block every this many seconds (anvil's mixed mining: transactions still
   * mine at once). Finality moves only with new blocks: reservations end on finalized chain time.
   */
  blockTimeSeconds?: number;
  /** Called with anvil's pid as soon as it runs (`npm start` records it, so it never outlives the script). */
  onSpawn?: (pid: number) => void;
  /**
   * In a process group of its own (default), so a terminal's Ctrl-C reaches only us and we stop
   * it in order. false: in ours, so Ctrl-C stops a throwaway chain with us.
   */
  detached?: boolean;
}

export interface LocalChain {
  chainId: number;
  url: string;
  /** Resolves when anvil exits, for whatever reason, with its exit code (null when signalled). */
  exited: Promise<number | null>;
  /** Stops anvil with SIGTERM (it dumps its state first) and waits for it to exit. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_CHARS = 4_000;

function anvilArgs(options: LocalChainOptions): string[] {
  const args = ["--host", "127.0.0.1", "--port", String(options.port), "--chain-id", String(options.chainId)];
  if (options.stateFile) {
    args.push("--state", options.stateFile, "--state-interval", String(options.stateIntervalSeconds ?? 5));
  }
  if (options.blockTimeSeconds) args.push("--mixed-mining", "--block-time", String(options.blockTimeSeconds));
  return [...args, "--silent"];
}

async function rpcChainId(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result === undefined ? undefined : Number(body.result);
  } catch {
    return undefined;
  }
}

/** Starts anvil on 127.0.0.1:`port` and resolves once it answers eth_chainId with `chainId`. */
export async function startLocalChain(options: LocalChainOptions): Promise<LocalChain> {
  const { chainId, port } = options;
  await assertPortFree(port, options.portHint ?? "");
  if (options.stateFile) mkdirSync(path.dirname(options.stateFile), { recursive: true });
  // Own process group: a terminal's Ctrl-C reaches us, and we stop anvil in order (stop()).
  const child = spawn(anvilBinary(), anvilArgs(options), { stdio: ["ignore", "pipe", "pipe"], detached: options.detached ?? true });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  // SIGTERM should we exit first: anvil dumps its state on it.
  const followed = followChild(child, "SIGTERM");
  const { exited, hasExited } = followed;
  let output = "";
  const keep = (data: Buffer): void => {
    output = (output + data.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = localRpcUrl(port);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (hasExited()) {
      const stateHint = options.stateFile ? `\nIf its state file ${options.stateFile} is damaged, start over with --fresh.` : "";
      throw new Error(`anvil for chain ${chainId} exited during start-up:\n${output.trim()}${stateHint}`);
    }
    const answered = await rpcChainId(url);
    if (answered === chainId) break;
    if (answered !== undefined) {
      child.kill("SIGTERM");
      throw new Error(`${url} answered chain id ${answered}, expected ${chainId}`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`anvil for chain ${chainId} did not answer on ${url} within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const stop = (): Promise<void> => followed.stop(STOP_TIMEOUT_MS);
  return { chainId, url, exited, stop };
}
