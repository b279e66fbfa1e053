import { spawn } from "node:child_process";

/** One command of a lane: run after the one before it succeeded. */
export interface LaneCommand {
  command: string;
  args: readonly string[];
}

export interface LaneResult {
  ok: boolean;
  /** Everything the lane printed (stdout and stderr, in order), unless it was streamed. */
  output: string;
}

function runCommand(step: LaneCommand, write: (text: string) => void, env: NodeJS.ProcessEnv | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ["ignore", "pipe", "pipe"], env });
    child.stdout.on("data", (chunk: Buffer) => write(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => write(chunk.toString()));
    child.on("error", (error) => {
      write(`${step.command}: ${error.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
}

export interface LaneOptions {
  /** After each command, a line with its wall time (what a lane costs in CI; docs/testing.md). */
  timings?: boolean;
  /** The commands' environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

const wallTime = (ms: number): string => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

async function runLane(lane: readonly LaneCommand[], write: (text: string) => void, options: LaneOptions): Promise<boolean> {
  for (const step of lane) {
    const started = performance.now();
    const ok = await runCommand(step, write, options.env);
    if (options.timings) write(`[lanes] ${[step.command, ...step.args].join(" ")}: ${ok ? "passed" : "failed"} in ${wallTime(performance.now() - started)}\n`);
    if (!ok) return false;
  }
  return true;
}

/**
 * Runs lanes side by side (each lane's commands one after another, stopping at the first that
 * fails). The first lane prints as it goes; the others are kept and printed whole, in order, as
 * soon as every lane before them is done, so a log reads lane by lane, never interleaved.
 */
export async function runLanes(lanes: readonly (readonly LaneCommand[])[], out: NodeJS.WritableStream, options: LaneOptions = {}): Promise<boolean> {
  const buffers = lanes.map(() => "");
  const finished = lanes.map(() => false);
  let printed = 0;
  const flush = (): void => {
    while (printed < lanes.length && finished[printed]) {
      printed += 1;
      if (printed < lanes.length) {
        out.write(buffers[printed] ?? "");
        buffers[printed] = "";
      }
    }
  };
  const results = await Promise.all(
    lanes.map(async (lane, index) => {
      const ok = await runLane(
        lane,
        (text) => {
          if (index === printed) out.write(text);
          else buffers[index] += text;
        },
        options,
      );
      finished[index] = true;
      flush();
      return ok;
    }),
  );
  return results.every(Boolean);
}
