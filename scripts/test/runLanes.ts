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

function runCommand(step: LaneCommand, write: (text: string) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => write(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => write(chunk.toString()));
    child.on("error", (error) => {
      write(`${step.command}: ${error.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
}

async function runLane(lane: readonly LaneCommand[], write: (text: string) => void): Promise<boolean> {
  for (const step of lane) if (!(await runCommand(step, write))) return false;
  return true;
}

/**
 * Runs lanes side by side (each lane's commands one after another, stopping at the first that
 * fails). The first lane prints as it goes; the others are kept and printed whole, in order, as
 * soon as every lane before them is done, so a log reads lane by lane, never interleaved.
 */
export async function runLanes(lanes: readonly (readonly LaneCommand[])[], out: NodeJS.WritableStream): Promise<boolean> {
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
      const ok = await runLane(lane, (text) => {
        if (index === printed) out.write(text);
        else buffers[index] += text;
      });
      finished[index] = true;
      flush();
      return ok;
    }),
  );
  return results.every(Boolean);
}
