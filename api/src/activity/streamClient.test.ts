import assert from "node:assert/strict";
import { once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { describe, it } from "node:test";
import type { Response } from "express";
import { streamClient, type StreamClient } from "./streamClient.ts";

const BOUND = 64 * 1024;
const CHUNK = "x".repeat(16 * 1024);

/** A server whose one stream is handed to the test; a raw client socket that reads only when told. */
async function streamPair(): Promise<{ client: StreamClient; closedBy: Promise<void>; socket: net.Socket; stop(): Promise<void> }> {
  let handed!: (value: { client: StreamClient; closedBy: Promise<void> }) => void;
  const stream = new Promise<{ client: StreamClient; closedBy: Promise<void> }>((resolve) => (handed = resolve));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.flushHeaders();
    let onClose!: () => void;
    const closedBy = new Promise<void>((resolve) => (onClose = resolve));
    handed({ client: streamClient(res as unknown as Response, BOUND, onClose), closedBy });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
  await once(socket, "connect");
  socket.write("GET / HTTP/1.1\r\nHost: test\r\n\r\n");
  const { client, closedBy } = await stream;
  return {
    client,
    closedBy,
    socket,
    stop: async () => {
      socket.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

describe("a stream client", () => {
  it("cuts a reader that does not read once more than its bound waits, and holds no more than that", async () => {
    const pair = await streamPair();
    pair.socket.pause();
    try {
      let written = 0;
      // The kernel's socket buffers take the first megabytes; then Node's buffer grows until the bound.
      while (pair.client.write(CHUNK)) {
        written += CHUNK.length;
        assert.ok(written < 64 * 1024 * 1024, "never cut");
        await new Promise((resolve) => setImmediate(resolve));
      }
      await pair.closedBy;
      assert.equal(pair.client.closed, true);
      assert.equal(pair.client.write(CHUNK), false, "nothing more is taken");
    } finally {
      await pair.stop();
    }
  });

  it("keeps a reader that reads, and tells when the reader goes", async () => {
    const pair = await streamPair();
    let received = 0;
    pair.socket.on("data", (data: Buffer) => (received += data.length));
    pair.client.write(":\n\n");
    try {
      // Four times the bound in all, each write read before the next (the headers came first).
      const headers = await new Promise<number>((resolve) => pair.socket.once("data", (data: Buffer) => resolve(data.length)));
      for (let i = 0; i < 16; i++) {
        assert.equal(pair.client.write(CHUNK), true, `write ${i}`);
        while (received < headers + (i + 1) * CHUNK.length) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      pair.socket.destroy();
      await pair.closedBy;
      assert.equal(pair.client.closed, true);
    } finally {
      await pair.stop();
    }
  });
});
