import net from "node:net";
import { LOOPBACK } from "@pixlings/shared/defaults";

/** A loopback port that nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, LOOPBACK, resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("could not read the free port");
  return address.port;
}

/** Throws a clear error when `port` is taken (anvil's own message is less helpful). */
export async function assertPortFree(port: number, hint: string): Promise<void> {
  const server = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, LOOPBACK, resolve);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`Port ${port} on ${LOOPBACK} is not available (${code ?? String(error)}). ${hint}`);
  } finally {
    await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  }
}
