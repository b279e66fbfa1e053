import { pixChain } from "@pixlings/shared/chains";
import { localPortOf, NETWORKS } from "@pixlings/shared/networks";
import { CHAIN_STATE_DIR, chainStateFile } from "../paths.ts";
import { startLocalChain, type LocalChain } from "./localChain.ts";
import type { Env } from "@pixlings/shared/env";

/** Seconds between the empty blocks the local chains mine when idle (LOCAL_BLOCK_TIME_SECONDS, 0: none). */
function localBlockTimeOf(env: Env): number {
  const raw = env.LOCAL_BLOCK_TIME_SECONDS;
  if (raw === undefined || raw === "") return 1;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600)
    throw new RangeError(`LOCAL_BLOCK_TIME_SECONDS must be a whole number of seconds (0-3600), not "${raw}"`);
  return seconds;
}

/** The two local chains `npm start` runs, standing in for Sepolia and Amoy. */
export const LOCAL_NETWORKS = [NETWORKS.localEthereum, NETWORKS.localPolygon] as const;

export interface RunningChain extends LocalChain {
  name: string;
}

/**
 * Starts both local chains on their configured ports with state in `stateDir`. If one fails to
 * start, the other is stopped before the error is rethrown. `onSpawn` hears of each anvil as soon
 * as it runs, with the chain's name.
 */
export async function startLocalChains(
  env: Env = process.env,
  stateDir: string = CHAIN_STATE_DIR,
  onSpawn?: (name: string, pid: number) => void,
): Promise<RunningChain[]> {
  const results = await Promise.allSettled(
    LOCAL_NETWORKS.map(async (network): Promise<RunningChain> => {
      const name = pixChain(network.chainId).chain.name;
      const chain = await startLocalChain({
        chainId: network.chainId,
        port: localPortOf(network, env),
        stateFile: chainStateFile(network.chainId, stateDir),
        portHint: `Set ${network.portEnv} to use another port.`,
        blockTimeSeconds: localBlockTimeOf(env),
        onSpawn: (pid) => onSpawn?.(name, pid),
      });
      return { ...chain, name };
    }),
  );
  const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = results.flatMap((result) => (result.status === "rejected" ? [result.reason as unknown] : []));
  if (failed.length > 0) {
    await stopChains(started);
    throw failed[0];
  }
  return started;
}

async function stopChains(chains: readonly LocalChain[]): Promise<void> {
  await Promise.all(chains.map((chain) => chain.stop()));
}

/**
 * Resolves when the user asks to stop (SIGINT, SIGTERM, SIGHUP: a closed terminal) or a chain
 * exits on its own; stops the chains either way. Returns the process exit code to use.
 */
export async function runUntilStopped(chains: readonly RunningChain[]): Promise<number> {
  const reason = await new Promise<string | undefined>((resolve) => {
    const onSignal = (): void => resolve(undefined);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, onSignal);
    for (const chain of chains) {
      void chain.exited.then((code) => resolve(`${chain.name} (anvil) exited on its own with code ${code}`));
    }
  });
  if (reason) console.error(reason);
  process.stderr.write("Stopping the chains (saving their state)...\n");
  await stopChains(chains);
  return reason ? 1 : 0;
}
