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

/**
 * What a command cost, by bash's `times`: the user and system seconds of the command and of every
 * descendant reaped before it ended. Not counted: what outlives it or is reaped by nobody in its
 * tree (a Postgres server `pg_ctl` started, an orphaned child).
 */
const CPU_WRAPPER = '"$@" 3>&-; status=$?; times >&3; exit $status';

export interface CommandResult {
  ok: boolean;
  /** User + system CPU seconds of the command and everything it waited for; undefined if unknown. */
  cpuSeconds: number | undefined;
}

const clockSeconds = (text: string): number => {
  // bash writes the locale's decimal separator: "0m1.500s", or "0m1,500s".
  const match = /^(\d+)m(\d+)[.,](\d+)s$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(`${match[2]}.${match[3]}`) : Number.NaN;
};

/** The children's line of `times` ("0m0.001s 0m0.002s" for the shell, then its children's). */
export function parseTimes(output: string): number | undefined {
  const children = output.trim().split("\n")[1]?.trim().split(/\s+/);
  if (children?.length !== 2) return undefined;
  const total = clockSeconds(children[0]!) + clockSeconds(children[1]!);
  return Number.isFinite(total) ? total : undefined;
}

export function runCommand(step: LaneCommand, write: (text: string) => void, env: NodeJS.ProcessEnv | undefined): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", CPU_WRAPPER, "bash", step.command, ...step.args], { stdio: ["ignore", "pipe", "pipe", "pipe"], env });
    let times = "";
    child.stdout?.on("data", (chunk: Buffer) => write(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => write(chunk.toString()));
    child.stdio[3]?.on("data", (chunk: Buffer) => {
      times += chunk.toString();
    });
    child.on("error", (error) => {
      write(`${step.command}: ${error.message}\n`);
      resolve({ ok: false, cpuSeconds: undefined });
    });
    child.on("close", (code) => resolve({ ok: code === 0, cpuSeconds: parseTimes(times) }));
  });
}

export interface LaneOptions {
  /** After each command, a line with its wall and CPU time (what a lane costs in CI; docs/testing.md). */
  timings?: boolean;
  /** The commands' environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

const wallTime = (ms: number): string => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

const cpuTime = (seconds: number | undefined): string => (seconds === undefined ? "" : `, ${Math.round(seconds)} s of CPU`);

async function runLane(lane: readonly LaneCommand[], write: (text: string) => void, options: LaneOptions): Promise<boolean> {
  for (const step of lane) {
    const started = performance.now();
    const { ok, cpuSeconds } = await runCommand(step, write, options.env);
    if (options.timings) {
      const took = `${wallTime(performance.now() - started)}${cpuTime(cpuSeconds)}`;
      write(`[lanes] ${[step.command, ...step.args].join(" ")}: ${ok ? "passed" : "failed"} in ${took}\n`);
    }
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
