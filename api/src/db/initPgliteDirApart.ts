import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const INIT_SCRIPT = fileURLToPath(new URL("./initPgliteDir.ts", import.meta.url));
/** initdb and every migration take a few seconds; far longer means something is wrong. */
const INIT_TIMEOUT_MS = 120_000;

/**
 * Makes a new PGlite data dir in `dir` with every migration applied, in a Node process of its own
 * (initPgliteDir.ts): initdb runs a second Postgres in WebAssembly next to the first, some 400 MB
 * at its peak, which a process keeps as its high-water mark and mostly never gives back.
 */
export function initPgliteDirApart(dir: string, sharedBuffersMb: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [INIT_SCRIPT, dir, String(sharedBuffersMb)], { timeout: INIT_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`could not create the PGlite database ${dir}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}
