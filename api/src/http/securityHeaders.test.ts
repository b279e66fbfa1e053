import assert from "node:assert/strict";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, it } from "node:test";
import express, { type RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";
import { securityHeaders } from "./securityHeaders.ts";

/** The headers (in order, Date and the connection's left out) a one-route app answers with `middleware` in front. */
async function headersBehind(middleware: RequestHandler): Promise<[string, string][]> {
  const app = express();
  app.use(middleware);
  app.get("/", (_req, res) => void res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      request(`http://127.0.0.1:${port}/`, (res) => {
        res.resume();
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i] ?? "", res.rawHeaders[i + 1] ?? ""]);
        resolve(pairs.filter(([name]) => !["date", "connection", "keep-alive"].includes(name.toLowerCase())));
      })
        .on("error", reject)
        .end();
    });
  } finally {
    server.close();
  }
}

/** The app's options (app.ts) in its two modes, with every kind of directive it adds. */
const OPTIONS: Record<string, HelmetOptions> = {
  development: {
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: null, connectSrc: ["'self'", "http://127.0.0.1:8545"], imgSrc: ["'self'", "data:"] },
    },
  },
  production: {
    strictTransportSecurity: true,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: [],
        scriptSrc: ["'self'", "https://js.stripe.com"],
        frameSrc: ["https://js.stripe.com"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        imgSrc: ["'self'", "data:", "https://files.cdn.printful.com"],
      },
    },
  },
};

describe("securityHeaders", () => {
  for (const [mode, options] of Object.entries(OPTIONS)) {
    it(`sets exactly helmet's headers, values and order (${mode})`, async () => {
      const computed = securityHeaders(options);
      const fromHelmet = await headersBehind(helmet(options));
      assert.deepEqual(await headersBehind(computed.middleware), fromHelmet);
      // The list a hot read writes is the same: the page's own headers are Express's, after it.
      const pageOwn = ["Content-Type", "Content-Length", "ETag"];
      assert.deepEqual(computed.list, fromHelmet.filter(([name]) => !pageOwn.includes(name)).flat());
      assert.ok(computed.list.includes("Content-Security-Policy"));
      assert.equal(computed.list.includes("Strict-Transport-Security"), mode === "production");
    });
  }

  it("drops an X-Powered-By set before it, as helmet does", async () => {
    const poweredBy: RequestHandler = (_req, res, next) => {
      res.setHeader("X-Powered-By", "Express");
      next();
    };
    const headers = await headersBehind((req, res, next) => poweredBy(req, res, () => securityHeaders(OPTIONS.development ?? {}).middleware(req, res, next)));
    assert.equal(
      headers.find(([name]) => name === "X-Powered-By"),
      undefined,
    );
  });

  it("refuses a directive computed per request (a nonce): it cannot be computed once", () => {
    assert.throws(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-abc'"] } } }), /computed per request/);
  });
});
