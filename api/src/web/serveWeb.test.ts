import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
/** A chunk the build compressed (web/build/precompress.ts): its .br and .gz copies lie beside it. */
const CHUNK = `export const art = "${"0123456789abcdef".repeat(200)}";\n`;
/** What the build lists for the browse page (web/build/pagePreloads.ts). */
const PRELOADS = { browse: ["/assets/BrowsePage-def456.js", "/assets/listing-ghi789.js"] };

describe("serving the built web app", () => {
  let api: TestApi;
  let dist: string;

  before(async () => {
    dist = await mkdtemp(path.join(tmpdir(), "pixlings-web-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), INDEX);
    await writeFile(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
    await writeFile(path.join(dist, "themeInit.js"), "void 0");
    await writeFile(path.join(dist, "assets", "chunk-def456.js"), CHUNK);
    await writeFile(path.join(dist, "assets", "chunk-def456.js.br"), brotliCompressSync(CHUNK));
    await writeFile(path.join(dist, "assets", "chunk-def456.js.gz"), gzipSync(CHUNK));
    await mkdir(path.join(dist, ".vite"));
    await writeFile(path.join(dist, ".vite", "page-preloads.json"), JSON.stringify(PRELOADS));
    api = await startTestApi({ WEB_DIST_DIR: dist }, { seedCatalogue: false });
  });
  after(async () => {
    await api.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("serves index.html at / with no-cache and a CSP that allows the app's own scripts only", async () => {
    const res = await fetch(`${api.url}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    assert.equal(res.headers.get("cache-control"), "no-cache");
    assert.equal(await res.text(), INDEX);
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /default-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-eval/);
  });

  it("serves hashed assets with a year of immutable caching, unhashed files revalidated", async () => {
    const asset = await fetch(`${api.url}/assets/index-abc123.js`);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("content-type") ?? "", /javascript/);
    assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.equal(await asset.text(), "console.log('app')");
    const plain = await fetch(`${api.url}/themeInit.js`);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get("cache-control"), "no-cache");
  });

  it("sends an asset as the build compressed it to a client that accepts br or gzip, else as it is", async () => {
    const url = `${api.url}/assets/chunk-def456.js`;
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip;q=1, br;q=0", "gzip"],
      ["identity", null],
    ] as const) {
      // fetch would decode the body itself: the bytes on the wire are read as they are.
      const res = await fetch(url, { headers: { "accept-encoding": accept } });
      assert.equal(res.status, 200, accept);
      assert.equal(res.headers.get("content-encoding"), encoding, accept);
      assert.match(res.headers.get("content-type") ?? "", /javascript/, accept);
      assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable", accept);
      assert.match(res.headers.get("vary") ?? "", /Accept-Encoding/i, accept);
      assert.equal(await res.text(), CHUNK, accept);
    }
    const head = await fetch(url, { method: "HEAD", headers: { "accept-encoding": "br" } });
    assert.equal(head.headers.get("content-encoding"), "br");
    // A file the build did not compress goes out as it is, whatever the client accepts.
    const plain = await fetch(`${api.url}/assets/index-abc123.js`, { headers: { "accept-encoding": "br, gzip" } });
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(await plain.text(), "console.log('app')");
    const missing = await fetch(`${api.url}/assets/gone-000.js`, { headers: { "accept-encoding": "br" } });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get("content-encoding"), null);
  });

  it("names the page's chunks in the index.html of the routes the build lists (modulepreload), and only there", async () => {
    const browse = await (await fetch(`${api.url}/browse?sort=price`)).text();
    for (const file of PRELOADS.browse) assert.ok(browse.includes(`<link rel="modulepreload" crossorigin href="${file}">`), file);
    assert.equal(browse.replace(/\s*<link rel="modulepreload"[^>]*>/g, "").replace(/\s+<\/head>/, "</head>"), INDEX);
    for (const route of ["/", "/my-pixlings", "/nowhere"]) assert.equal(await (await fetch(`${api.url}${route}`)).text(), INDEX, route);
  });

  it("a path the app does not have is 404, still with the app, which shows its Page Not Found", async () => {
    for (const route of ["/no/such/page?x=1", "/browse/extra", "/mint", "/favicon.ico"]) {
      const res = await fetch(`${api.url}${route}`);
      assert.equal(res.status, 404, route);
      assert.equal(res.headers.get("cache-control"), "no-cache", route);
      assert.equal(await res.text(), INDEX, route);
    }
    const head = await fetch(`${api.url}/nowhere`, { method: "HEAD" });
    assert.equal(head.status, 404);
  });

  it("a missing asset is 404, not the app", async () => {
    const res = await fetch(`${api.url}/assets/index-gone999.js`);
    assert.equal(res.status, 404);
    assert.doesNotMatch(await res.text(), /<div id="root">/);
  });

  it("client-side routes get index.html; /api and /pixlings keep their own answers", async () => {
    for (const route of ["/browse", "/mint/12", "/my-pixlings", "/admin/nfts", "/checkout?clientSecret=x"]) {
      const res = await fetch(`${api.url}${route}`);
      assert.equal(res.status, 200, route);
      assert.match(await res.text(), /^<!doctype html>[\s\S]*<div id="root"><\/div>/, route);
    }
    const apiMiss = await fetch(`${api.url}/api/no/such/route`);
    assert.equal(apiMiss.status, 404);
    assert.deepEqual(await apiMiss.json(), { message: "Not found: GET /api/no/such/route" });
    const badImage = await fetch(`${api.url}/pixlings/pix_abc.png`);
    assert.equal(badImage.status, 400);
    assert.match(badImage.headers.get("content-type") ?? "", /json/);
    const post = await fetch(`${api.url}/browse`, { method: "POST" });
    assert.equal(post.status, 404);
  });

  it("without a build the API serves no app", async () => {
    const bare = await startTestApi({ WEB_DIST_DIR: path.join(dist, "missing") }, { seedCatalogue: false });
    try {
      const res = await fetch(`${bare.url}/browse`);
      assert.equal(res.status, 404);
    } finally {
      await bare.close();
    }
  });
});
