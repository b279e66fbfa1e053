import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { compressBodies, pickEncoding } from "./compressBodies.ts";

const CHROMIUM = "gzip, deflate, br, zstd";
const page = Buffer.from(
  JSON.stringify({ nfts: Array.from({ length: 100 }, (_, id) => ({ id, name: `Pix #${id}`, description: "A 9x9 piece. ".repeat(8) })) }),
);
const weak = `W/"${createHash("sha1").update(page).digest("base64url")}"`;

describe("pickEncoding", () => {
  it("prefers br, then gzip, and honours q=0 and *", () => {
    assert.equal(pickEncoding(CHROMIUM), "br");
    assert.equal(pickEncoding("gzip, deflate"), "gzip");
    assert.equal(pickEncoding("br;q=0, gzip;q=0.5"), "gzip");
    assert.equal(pickEncoding("*"), "br");
    assert.equal(pickEncoding("*;q=0, gzip"), "gzip");
    assert.equal(pickEncoding("BR ; Q=1"), "br");
    for (const none of [undefined, "", "identity", "deflate", "br;q=0, gzip;q=0", "gzip;q=abc"]) assert.equal(pickEncoding(none), undefined, String(none));
  });
});

describe("compressBodies", () => {
  let url: string;
  let close: () => void;
  before(async () => {
    const app = express();
    app.use(compressBodies({ cacheBytes: 64 * 1024 }));
    const json =
      (etag: string, body: Buffer): express.RequestHandler =>
      (_req, res) =>
        void res.set({ "Content-Type": "application/json; charset=utf-8", ETag: etag }).send(body);
    app.get("/page", json(weak, page));
    app.get("/small", json('W/"small"', Buffer.from('{"ok":true}')));
    app.get("/strong", json('"strong"', page));
    app.get("/json", (_req, res) => void res.json({ big: "x".repeat(5_000) }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  after(() => close());

  /** A raw GET (fetch would decompress): status, headers, body bytes. */
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request(`${url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });

  it("answers a browser a page in br, a gzip-only client in gzip, the same JSON either way, with the same weak ETag", async () => {
    const br = await get("/page", { "accept-encoding": CHROMIUM });
    assert.deepEqual([br.status, br.headers["content-encoding"], br.headers.vary, br.headers.etag], [200, "br", "Accept-Encoding", weak]);
    assert.ok(br.body.length < page.length / 4, `${br.body.length} of ${page.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), page);
    assert.equal(Number(br.headers["content-length"]), br.body.length);
    const gzip = await get("/page", { "accept-encoding": "gzip" });
    assert.equal(gzip.headers["content-encoding"], "gzip");
    assert.deepEqual(gunzipSync(gzip.body), page);
    const again = await get("/page", { "accept-encoding": CHROMIUM });
    assert.deepEqual(again.body, br.body);
  });

  it("answers identity to a client that accepts none, still saying the answer varies", async () => {
    const plain = await get("/page", {});
    assert.deepEqual([plain.headers["content-encoding"], plain.headers.vary], [undefined, "Accept-Encoding"]);
    assert.deepEqual(plain.body, page);
  });

  it("answers 304 to a client that has the page, whichever encoding it had", async () => {
    const res = await get("/page", { "accept-encoding": CHROMIUM, "if-none-match": weak });
    assert.deepEqual([res.status, res.body.length], [304, 0]);
  });

  it("leaves small bodies, strong ETags and ordinary res.json answers as they were", async () => {
    for (const path of ["/small", "/strong", "/json"]) {
      const res = await get(path, { "accept-encoding": CHROMIUM });
      assert.deepEqual([res.status, res.headers["content-encoding"], res.headers.vary], [200, undefined, undefined], path);
    }
  });
});
