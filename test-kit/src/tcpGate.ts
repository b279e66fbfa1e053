import net from "node:net";

/**
 * A loopback TCP relay to a server that can be shut (connections refused, open ones cut), made to
 * hang (connections taken, never answered), and opened again.
 */
export interface TcpGate {
  /** `http://127.0.0.1:<gate port>`: use it where the target's URL would go. */
  url: string;
  /** Refuse connections and cut the open ones: the target looks down. */
  shut(): Promise<void>;
  /** Take connections and never answer (open ones cut): the target looks stalled, each request waits for its client's timeout. */
  hang(): Promise<void>;
  /** How many connections the gate holds unanswered now (while hanging): someone is waiting on the target. */
  hung(): number;
  /** Relay again, on the same port. */
  open(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A relay in front of `targetUrl` (an http URL on loopback, e.g. an anvil chain), so a test can make
 * that server unreachable for one client (the API) while others (the indexer) keep using it.
 */
export async function startTcpGate(targetUrl: string): Promise<TcpGate> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let hanging = false;
  const held = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (hanging) {
      sockets.add(client);
      held.add(client);
      client.on("close", () => {
        sockets.delete(client);
        held.delete(client);
      });
      client.on("error", () => client.destroy());
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const shut = async (): Promise<void> => {
    if (!server.listening) return;
    // Resolves once closed; an "is not running" from a close already under way counts as closed.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    shut,
    hang: async () => {
      hanging = true;
      for (const socket of sockets) socket.destroy();
      if (!server.listening) await listen(port);
    },
    hung: () => held.size,
    open: async () => {
      if (hanging) for (const socket of sockets) socket.destroy();
      hanging = false;
      if (!server.listening) await listen(port);
    },
    stop: shut,
  };
}
