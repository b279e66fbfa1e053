import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";

describe("HTTP basics", () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({}, { seedCatalogue: false });
  });
  after(() => api.close());

  it("GET /api/health answers ok with security headers", async () => {
    const res = await fetch(`${api.url}/api/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: "ok", database: "pglite" });
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.ok(res.headers.get("content-security-policy"));
    assert.equal(res.headers.get("x-powered-by"), null);
  });

  it("unknown routes under /api are 404 { message }", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await fetch(`${api.url}/api/no/such/route?x=1`, { method });
      assert.equal(res.status, 404);
      assert.deepEqual(await res.json(), { message: `Not found: ${method} /api/no/such/route` });
    }
  });

  it("an oversized body is 413 { message }", async () => {
    const res = await fetch(`${api.url}/api/auth/siwe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "x".repeat(200_000), signature: "0x00" }),
    });
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), { message: "Request body is too large" });
  });
});
