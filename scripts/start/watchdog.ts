// `npm start`'s watchdog: `node scripts/start/watchdog.ts <run record file> <start script pid>`,
// spawned by the start script in a session of its own with a pipe on stdin whose other end only
// the start script holds.
// The kernel closes that end however the script ends (even SIGKILL), so the pipe's end is the
// signal: stop every service the run record lists that still runs. After a clean stop nothing
// does, and the watchdog just exits. anvil cannot watch its parent; this does it for all children.
import { readRunRecord } from "./runRecord.ts";
import { stopProcesses } from "../process/stopProcesses.ts";

/** SIGTERM, then SIGKILL after this: everything is gone within about 2 s of the script's death. */
const WATCHDOG_GRACE_MS = 1_500;

const [recordFile, pidArgument] = process.argv.slice(2);
const startScriptPid = Number(pidArgument);
if (!recordFile || !Number.isInteger(startScriptPid)) throw new Error("usage: node scripts/start/watchdog.ts <run record file> <start script pid>");

// Not ours to act on: a terminal's Ctrl-C or hang-up is for the start script, which stops us last.
for (const signal of ["SIGINT", "SIGHUP"] as const) process.on(signal, () => undefined);
// Once the script is gone so is whoever read its stderr; a failed write must not stop the job.
process.stderr.on("error", () => undefined);

for await (const _ of process.stdin) {
  // Nothing is sent: only the end of the pipe counts.
}

const record = readRunRecord(recordFile);
// A record another start script wrote (its own run on this folder) is not ours to enforce.
if (record?.startScript.pid === startScriptPid) {
  const services = record.services.filter((service) => service.pid !== process.pid).reverse();
  const { found, killed } = await stopProcesses(services, WATCHDOG_GRACE_MS);
  if (found.length > 0) {
    const killedNote = killed.length > 0 ? ` (killed ${killed.map((s) => s.name).join(", ")} after ${WATCHDOG_GRACE_MS} ms)` : "";
    process.stderr.write(
      `watchdog: npm start (pid ${startScriptPid}) is gone; stopped ${found.map((s) => `${s.name} (pid ${s.pid})`).join(", ")}${killedNote}\n`,
    );
  }
}
