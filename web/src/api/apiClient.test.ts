import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { NonceResponse } from "@pixlings/shared/http/auth";
import type { HealthResponse } from "@pixlings/shared/http/health";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { ApiError, apiRequest, apiRequestOrNull } from "./apiClient.ts";

describe("API client against the real API", () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({}, { seedCatalogue: false });
  });
  after(() => api.close());

  it("returns the JSON of a 2xx answer", async () => {
    const health = await apiRequest<HealthResponse>("/api/health", { baseUrl: api.url });
    assert.equal(health.status, "ok");
    const nonce = await apiRequest<NonceResponse>("/api/auth/nonce", { baseUrl: api.url });
    assert.match(nonce.nonce, /^[0-9a-zA-Z]{8,}$/);
  });

  it("throws 'status: body' for errors, keeping the parsed body", async () => {
    await assert.rejects(apiRequest("/api/no/such/route", { baseUrl: api.url }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 404);
      assert.equal(error.message, '404: {"message":"Not found: GET /api/no/such/route"}');
      assert.deepEqual(error.body, { message: "Not found: GET /api/no/such/route" });
      return true;
    });
    await assert.rejects(apiRequest("/api/auth/siwe", { baseUrl: api.url, method: "POST", body: { message: "" } }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 400);
      assert.match(error.message, /^400: \{"message":"Invalid request body/);
      return true;
    });
  });

  it("a 401 is an error, or null when asked for (signed out)", async () => {
    await assert.rejects(apiRequest("/api/auth/user", { baseUrl: api.url }), /^ApiError: 401: \{"message":"Not signed in"\}$/);
    assert.equal(await apiRequestOrNull("/api/auth/user", { baseUrl: api.url }), null);
    await assert.rejects(apiRequestOrNull("/api/no/such/route", { baseUrl: api.url }), /^ApiError: 404: /);
  });
});

describe("API client error text", () => {
  let server: Server;
  let url: string;
  before(async () => {
    // A bare HTTP server answering an empty 502 body, which the real API never sends.
    server = createServer((_req, res) => {
      res.statusCode = 502;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("uses the status text when the body is empty", async () => {
    await assert.rejects(apiRequest("/anything", { baseUrl: url }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.message, "502: Bad Gateway");
      assert.equal(error.body, undefined);
      return true;
    });
  });
});
