import type { Server } from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";

/**
 * Passes the WebSocket upgrades `server` receives through to `upstream` byte for byte: a JSON-RPC
 * proxy in front of anvil whose client (Ponder) also subscribes to new heads on the same URL
 * (`ws` of shared/src/node/indexerConfig.ts). `downDelayMs`: how long each piece the chain sends
 * waits before it goes on (late pushes). Returns what cuts every passed connection (an upgraded
 * socket is no longer the server's: `closeAllConnections` does not reach it).
 */
export function passWebSocketUpgrades(server: Server, upstream: string, options: { downDelayMs?: () => number } = {}): () => void {
  const target = new URL(upstream);
  const open = new Set<Duplex>();
  server.on("upgrade", (req, socket: Duplex, head: Buffer) => {
    const up = net.connect(Number(target.port), target.hostname, () => {
      const headers: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      up.write(head);
      socket.pipe(up);
      // What the chain sends (its pushes), each piece after the delay asked for then, and never
      // before a piece sent earlier (a delay shortened meanwhile must not reorder them).
      let due = 0;
      up.on("data", (chunk: Buffer) => {
        due = Math.max(due, Date.now() + (options.downDelayMs?.() ?? 0));
        const wait = due - Date.now();
        if (wait > 0) setTimeout(() => socket.write(chunk), wait);
        else socket.write(chunk);
      });
    });
    for (const side of [socket, up]) {
      open.add(side);
      side.on("close", () => open.delete(side));
    }
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  return () => {
    for (const side of open) side.destroy();
  };
}
