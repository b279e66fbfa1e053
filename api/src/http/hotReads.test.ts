import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, it } from "node:test";
import express from "express";
import { createLogger } from "../logging/createLogger.ts";
import { httpDuration } from "../metrics/registry.ts";
import { hotReads, type HotRoute } from "./hotReads.ts";
import { requestContext } from "./requestContext.ts";
import { listen, servedFirst } from "../server.ts";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let url: string;
let close: () => void;
const lines: Record<string, unknown>[] = [];
/** What the routes were asked, to see which requests reached them. */
const asked: string[] = [];

const get = (path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> =>
  new Promise((resolve, reject) => {
    request(`${url}${path}`, { method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on("error", reject)
      .end();
  });

const ROUTES: HotRoute[] = [
  {
    pattern: "/hot/page",
    path: "/hot/page",
    answer: (_req, _rest, query) => {
      asked.push(`page ${query}`);
      if (query === "bad=1") return undefined;
      if (query === "throw=1") throw new Error("broken");
      if (query === "header=bad") return { headers: ["X-Bad", "a\nb"], body: Buffer.from("never") };
      return { headers: ["Content-Type", "text/plain", "X-Hot", "1"], body: Buffer.from(`hot ${query}`) };
    },
  },
  {
    pattern: "/hot/item/:id",
    path: "/hot/item/",
    prefix: true,
    answer: async (_req, rest) => {
      asked.push(`item ${rest}`);
      if (rest === "404") return undefined;
      if (rest === "500") throw new Error("rejected");
      return { headers: ["Content-Type", "text/plain"], body: Buffer.from(`item ${rest}`) };
    },
  },
];

const observed = async (route: string): Promise<number> =>
  (await httpDuration.get()).values.find((value) => value.labels.route === route && value.metricName?.endsWith("_count") && value.labels.status === "200")
    ?.value ?? 0;

describe("hotReads", () => {
  before(async () => {
    const logger = createLogger({ logLevel: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const app = express();
    servedFirst(app, hotReads({ routes: ROUTES, logger }));
    app.use(requestContext());
    // The chain: says it answered, so a test sees which road a request took.
    app.use((req, res) => void res.set("X-Chain", "1").send(`chain ${req.method} ${req.originalUrl}`));
    const server = await listen(app, { host: "127.0.0.1", port: 0 });
    url = server.url;
    close = () => void server.close();
  });
  after(() => close());

  it("answers a hot read itself: the route's headers after the request id, the metrics, the log line", async () => {
    const before = await observed("/hot/page");
    lines.length = 0;
    const answer = await get("/hot/page?a=1", { "x-request-id": "edge-42" });
    assert.equal(answer.status, 200);
    assert.equal(answer.body, "hot a=1");
    assert.equal(answer.headers["x-request-id"], "edge-42");
    assert.equal(answer.headers["x-hot"], "1");
    assert.equal(answer.headers["x-chain"], undefined);
    assert.equal(await observed("/hot/page"), before + 1);
    const line = lines.find((entry) => entry.msg === "request");
    assert.deepEqual(
      { ...line, ms: 0, time: 0, pid: 0, hostname: "" },
      {
        level: 30,
        time: 0,
        pid: 0,
        hostname: "",
        name: "pixlings-api",
        requestId: "edge-42",
        method: "GET",
        path: "/hot/page",
        status: 200,
        ms: 0,
        msg: "request",
      },
    );
    const item = await get("/hot/item/7");
    assert.equal(item.body, "item 7");
    assert.match(String(item.headers["x-request-id"]), /^[0-9a-f-]{36}$/);
  });

  it("leaves to the chain every request it does not answer exactly as the chain would", async () => {
    const chain = [
      ["HEAD", "/hot/page", {}],
      ["POST", "/hot/page", {}],
      ["GET", "/hot/page", { "if-none-match": 'W/"x"' }],
      ["GET", "/hot/page", { "if-modified-since": new Date().toUTCString() }],
      ["GET", "/hot/page/", {}],
      ["GET", "/HOT/page", {}],
      ["GET", "/hot/pages", {}],
      ["GET", "/hot/page?bad=1", {}],
      ["GET", "/hot/page?throw=1", {}],
      ["GET", "/hot/page?header=bad", {}],
      ["GET", "/hot/item/404", {}],
      ["GET", "/hot/item/500", {}],
    ] as const;
    for (const [method, path, headers] of chain) {
      const answer = await get(path, headers, method);
      assert.equal(answer.headers["x-chain"], "1", `${method} ${path} ${JSON.stringify(headers)}`);
      assert.equal(answer.headers["x-hot"], undefined);
      if (method === "GET") assert.equal(answer.body, `chain GET ${path}`);
    }
    // The route was asked only where its own answer could decide.
    assert.deepEqual(asked, ["page a=1", "item 7", "page bad=1", "page throw=1", "page header=bad", "item 404", "item 500"]);
  });
});
