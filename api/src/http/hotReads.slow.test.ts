// The hot reads' answers, header by header in the order they go out, against a real chain, a real
// Ponder and the real API: pinned as they were before the lean dispatch (http/hotReads.ts), and
// compared with what the full Express chain answers for the same request.
import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, it } from "node:test";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { signIn } from "@pixlings/test-kit/signIn";
import { startDeployedChain, startTestIndexer, testAccount, waitCaughtUp, type TestChain, type TestIndexer } from "@pixlings/test-kit/indexer";

interface Pinned {
  name: string;
  path: string;
  headers: Record<string, string>;
  signedIn?: boolean;
  status: number;
  message?: RegExp;
  expected: string[];
}

const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
/** Every hot read, as a browser asks for it. */
const HOT_READ_PATHS = [
  "/api/nfts/available?page=1&limit=100",
  "/api/nfts?tier=common&colorCount=2,3,4&sort=price",
  "/api/nfts/facets?tier=common",
  "/api/nfts/token/5",
  "/api/auth/user",
  "/pixlings/pix_5.png",
];
const [BROWSE = "", EXPLORE = "", FACETS = "", TOKEN = "", USER = "", PNG = ""] = HOT_READ_PATHS;

/** Helmet's page headers (app.ts's options, off production), as the API sent them before the lean dispatch. */
const HELMET = [
  "Content-Security-Policy: default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';connect-src 'self' http://127.0.0.1:<port>",
  "Cross-Origin-Opener-Policy: same-origin",
  "Cross-Origin-Resource-Policy: same-origin",
  "Origin-Agent-Cluster: ?1",
  "Referrer-Policy: no-referrer",
  "X-Content-Type-Options: nosniff",
  "X-DNS-Prefetch-Control: off",
  "X-Download-Options: noopen",
  "X-Frame-Options: SAMEORIGIN",
  "X-Permitted-Cross-Domain-Policies: none",
  "X-XSS-Protection: 0",
];
const ID = "X-Request-Id: <uuid>";
const NODE = ["Date: <date>", "Connection: keep-alive", "Keep-Alive: timeout=65"];
const JSON_TYPE = "Content-Type: application/json; charset=utf-8";
const LENGTH = "Content-Length: <body length>";
/** A cached page: its weak ETag, compressed for a client that accepts it. */
const page = (encoding?: string): string[] => [
  JSON_TYPE,
  "Cache-Control: no-cache",
  "ETag: <weak>",
  "Vary: Accept-Encoding",
  ...(encoding ? [`Content-Encoding: ${encoding}`] : []),
  LENGTH,
];
/** An error: Express's ETag after the length. */
const refused = [JSON_TYPE, LENGTH, "ETag: <weak>"];

const PINNED: Pinned[] = [
  { name: "browse, br", path: BROWSE, headers: BROWSER, status: 200, expected: [ID, ...HELMET, ...page("br"), ...NODE] },
  { name: "browse, gzip", path: BROWSE, headers: { "accept-encoding": "gzip" }, status: 200, expected: [ID, ...HELMET, ...page("gzip"), ...NODE] },
  { name: "browse, identity", path: BROWSE, headers: {}, status: 200, expected: [ID, ...HELMET, ...page(), ...NODE] },
  {
    name: "browse, br refused",
    path: BROWSE,
    headers: { "accept-encoding": "br;q=0, gzip;q=0.5" },
    status: 200,
    expected: [ID, ...HELMET, ...page("gzip"), ...NODE],
  },
  {
    name: "browse, a bad page",
    path: "/api/nfts/available?page=0",
    headers: BROWSER,
    status: 400,
    message: /page/,
    expected: [ID, ...HELMET, ...refused, ...NODE],
  },
  { name: "explorer, br", path: EXPLORE, headers: BROWSER, status: 200, expected: [ID, ...HELMET, ...page("br"), ...NODE] },
  {
    name: "explorer, a bad tier",
    path: "/api/nfts?tier=bogus",
    headers: BROWSER,
    status: 400,
    message: /tier/,
    expected: [ID, ...HELMET, ...refused, ...NODE],
  },
  {
    name: "explorer, an unknown filter",
    path: "/api/nfts?tyre=common",
    headers: BROWSER,
    status: 400,
    message: /tyre/,
    expected: [ID, ...HELMET, ...refused, ...NODE],
  },
  { name: "facets, br", path: FACETS, headers: BROWSER, status: 200, expected: [ID, ...HELMET, ...page("br"), ...NODE] },
  {
    name: "token",
    path: TOKEN,
    headers: BROWSER,
    status: 200,
    expected: [ID, ...HELMET, "Cache-Control: no-cache", JSON_TYPE, LENGTH, "ETag: <weak>", ...NODE],
  },
  { name: "token, out of range", path: "/api/nfts/token/0", headers: BROWSER, status: 400, message: /tokenId/, expected: [ID, ...HELMET, ...refused, ...NODE] },
  {
    name: "signed-in user",
    path: USER,
    headers: BROWSER,
    signedIn: true,
    status: 200,
    expected: [ID, ...HELMET, "Cache-Control: no-store", JSON_TYPE, LENGTH, "ETag: <weak>", ...NODE],
  },
  { name: "no session", path: USER, headers: BROWSER, status: 401, message: /Not signed in/, expected: [ID, ...HELMET, ...refused, ...NODE] },
  {
    name: "a forged session",
    path: USER,
    headers: { ...BROWSER, cookie: "pixlings_session=forged.value" },
    status: 401,
    message: /Not signed in/,
    expected: [ID, ...HELMET, ...refused, ...NODE],
  },
  {
    name: "png",
    path: PNG,
    headers: BROWSER,
    status: 200,
    expected: [
      ID,
      "ETag: <strong>",
      "Cache-Control: public, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy: cross-origin",
      "X-Content-Type-Options: nosniff",
      "Content-Type: image/png",
      LENGTH,
      ...NODE,
    ],
  },
  { name: "png, a bad size", path: "/pixlings/pix_5.png?size=7", headers: BROWSER, status: 400, message: /size/, expected: [ID, ...refused, ...NODE] },
  {
    name: "a sane request id is echoed",
    path: BROWSE,
    headers: { ...BROWSER, "x-request-id": "lb-1234.abc" },
    status: 200,
    expected: ["X-Request-Id: lb-1234.abc", ...HELMET, ...page("br"), ...NODE],
  },
  {
    name: "an insane request id is replaced",
    path: TOKEN,
    headers: { ...BROWSER, "x-request-id": "a\\b" },
    status: 200,
    expected: [ID, ...HELMET, "Cache-Control: no-cache", JSON_TYPE, LENGTH, "ETag: <weak>", ...NODE],
  },
];

let chain: TestChain;
let indexer: TestIndexer;
let api: TestApi;
let cookie: string;

interface Raw {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** A GET with node:http, to see the headers in the order they were written. */
const rawGet = (path: string, headers: Record<string, string> = {}): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = request(`${api.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });

/** The headers with the values that change from answer to answer named by their shape. */
function shapeOf({ headers, body }: Raw): string[] {
  return headers.map(([name, value]) => {
    const key = name.toLowerCase();
    if (key === "date") return `${name}: <date>`;
    if (key === "x-request-id") return `${name}: ${/^[0-9a-f-]{36}$/.test(value) ? "<uuid>" : value}`;
    if (key === "etag") return `${name}: ${value.startsWith('W/"') ? "<weak>" : value.startsWith('"') ? "<strong>" : value}`;
    if (key === "content-length") return `${name}: ${Number(value) === body.length ? "<body length>" : value}`;
    // The chain's RPC (connect-src) is on a port of the test's.
    return `${name}: ${value.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")}`;
  });
}

const etagOf = (raw: Raw): string => raw.headers.find(([name]) => name.toLowerCase() === "etag")?.[1] ?? "";

describe("the hot reads' headers", () => {
  before(async () => {
    chain = await startDeployedChain(31337, [fixtureChunk(0)]);
    indexer = await startTestIndexer([chain]);
    await waitCaughtUp(indexer, [chain]);
    const chains = [{ chainId: chain.chainId, rpcUrl: chain.chain.url, address: chain.address, startBlock: chain.deployBlock }];
    api = await startTestApi({ INDEXER_URL: indexer.url, PIXLINGS_INDEXER_CHAINS: JSON.stringify(chains) });
    const jar = await signIn(api, testAccount("hot-reads-alice"));
    cookie = jar.cookie ?? "";
    assert.ok(cookie, "signed in");
  });
  after(async () => {
    await api?.close();
    await indexer?.stop();
    await chain?.chain.stop();
  });

  const asked = (pinned: Pinned): Record<string, string> => ({ ...pinned.headers, ...(pinned.signedIn ? { cookie } : {}) });

  for (const pinned of PINNED) {
    it(`${pinned.name}: ${pinned.status}, the same headers in the same order as before`, async () => {
      const answer = await rawGet(pinned.path, asked(pinned));
      assert.equal(answer.status, pinned.status, answer.body.toString());
      assert.deepEqual(shapeOf(answer), pinned.expected);
      if (pinned.message) assert.match(JSON.parse(answer.body.toString()).message as string, pinned.message);
    });
  }

  it("answers If-None-Match with a 304", async () => {
    for (const path of HOT_READ_PATHS) {
      const first = await rawGet(path, { "accept-encoding": "gzip, deflate, br", cookie });
      const again = await rawGet(path, { "accept-encoding": "gzip, deflate, br", cookie, "if-none-match": etagOf(first) });
      assert.equal(again.status, 304, path);
      assert.equal(again.body.length, 0, path);
    }
  });

  it("gives every hot read the answer the full Express chain gives (a conditional request takes it)", async () => {
    for (const path of HOT_READ_PATHS) {
      for (const encoding of ["gzip, deflate, br", "gzip", ""]) {
        const headers = { ...(encoding ? { "accept-encoding": encoding } : {}), cookie, "x-request-id": "same-id" };
        const hot = await rawGet(path, headers);
        // No Last-Modified is ever sent: an If-Modified-Since changes nothing but the road taken.
        const full = await rawGet(path, { ...headers, "if-modified-since": new Date().toUTCString() });
        assert.equal(hot.status, 200, path);
        assert.deepEqual(shapeOf(hot), shapeOf(full), `${path} (${encoding || "identity"})`);
        assert.deepEqual(
          hot.headers.filter(([name]) => name !== "Date"),
          full.headers.filter(([name]) => name !== "Date"),
          path,
        );
        assert.ok(hot.body.equals(full.body), path);
      }
    }
  });
});
