import { randomInt } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { LOOPBACK } from "@pixlings/shared/defaults";

/** The lowest port `freePort` hands out. */
const FIRST_PORT = 10_000;
/** A claim older than this is left over from an earlier run: its port may be handed out again. */
const CLAIM_STALE_MS = 30 * 60_000;
const ATTEMPTS = 500;

/**
 * The first port of the kernel's ephemeral range, which listen(0) servers and outgoing connections
 * take theirs from (32768 when unreadable).
 */
export function ephemeralPortStart(rangeFile = "/proc/sys/net/ipv4/ip_local_port_range"): number {
  try {
    const first = Number(readFileSync(rangeFile, "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 0 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

/** Claims `port` for this process among every caller of `freePort` sharing `dir` (the run's temp folder); false when another holds it. */
function claim(dir: string, port: number): boolean {
  const file = path.join(dir, String(port));
  try {
    closeSync(openSync(file, "wx"));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const claimed = statSync(file, { throwIfNoEntry: false });
    if (claimed && Date.now() - claimed.mtimeMs <= CLAIM_STALE_MS) return false;
    try {
      unlinkSync(file);
    } catch {
      // Another process took the stale claim over first: try again, as it did.
    }
    return claim(dir, port);
  }
}

/**
 * Listens on `port` of the loopback address (0: one the OS picks) and closes again: the port that
 * was bound, or the listen error (EADDRINUSE when another holds it).
 */
async function listenOnce(port: number): Promise<number> {
  const server = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, LOOPBACK, resolve);
    });
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("could not read the bound port");
    return address.port;
  } finally {
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  }
}

async function canListen(port: number): Promise<boolean> {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

/**
 * A loopback port that nothing listens on right now, for a server the caller starts soon. Taken
 * below the ephemeral range, and claimed across processes: a port that listen(0) handed out and
 * took back could be handed to another process's listen(0) before the caller binds it (27 Nov,
 * Ponder's port taken by a test's webhook relay).
 */
export async function freePort(
  claims = path.join(os.tmpdir(), "pixlings-ports"),
  /** A port in [first, end): random (a test picks its own). */
  pick: (first: number, end: number) => number = randomInt,
): Promise<number> {
  const last = ephemeralPortStart() - 1;
  // No room below the ephemeral range: a port the OS picks.
  if (last <= FIRST_PORT) return listenOnce(0);
  mkdirSync(claims, { recursive: true });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = pick(FIRST_PORT, last + 1);
    if (!claim(claims, port)) continue;
    if (await canListen(port)) return port;
    // Held by a process that took no claim (a browser, a server on a fixed port): not ours to keep.
    unlinkSync(path.join(claims, String(port)));
  }
  throw new Error(`no free port found in ${FIRST_PORT}-${last} after ${ATTEMPTS} tries`);
}

/** Throws a clear error when `port` is taken (anvil's own message is less helpful). */
export async function assertPortFree(port: number, hint: string): Promise<void> {
  try {
    await listenOnce(port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`Port ${port} on ${LOOPBACK} is not available (${code ?? String(error)}). ${hint}`);
  }
}
