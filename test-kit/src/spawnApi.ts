import { spawn } from "node:child_process";
import { API_MAIN } from "@pixlings/shared/node/paths";

export interface ApiChild {
  url: string;
  stop(): Promise<void>;
}

/**
 * The API as its own process (`node api/src/main.ts`, port 0), for tests that need two processes
 * over one database: resolves with its URL once it prints that it is ready.
 */
export function spawnApi(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiChild> {
  const child = spawn(process.execPath, [API_MAIN], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", API_PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`the API did not start within ${timeoutMs} ms:\n${output}`))), timeoutMs);
    child.stderr.on("data", (data: Buffer) => (output += data.toString()));
    child.stdout.on("data", (data: Buffer) => {
      output += data.toString();
      const ready = /Pixlings API ready: (\S+)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ url: ready[1], stop });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the API exited during start-up:\n${output}`));
    });
  });
}
