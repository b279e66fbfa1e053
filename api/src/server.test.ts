import assert from "node:assert/strict";
import { test } from "node:test";
import express from "express";
import { listen } from "./server.ts";

test("an idle keep-alive connection outlives a load balancer's (60 s), and headers may take longer still", async () => {
  const app = express();
  app.get("/ping", (_req, res) => void res.send("pong"));
  const listening = await listen(app, { host: "127.0.0.1", port: 0 });
  try {
    const res = await fetch(`${listening.url}/ping`);
    assert.equal(await res.text(), "pong");
    assert.match(res.headers.get("keep-alive") ?? "", /timeout=65\b/, "what the server tells clients");
    assert.ok(listening.server.keepAliveTimeout > 60_000);
    assert.ok(listening.server.headersTimeout > listening.server.keepAliveTimeout);
  } finally {
    await listening.close();
  }
});
