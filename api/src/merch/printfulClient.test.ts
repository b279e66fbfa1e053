// The typed client against the local stand-in, and against the stand-in behind a proxy that
// forges exactly the answers a broken or changed Printful could send.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { freePort } from "@pixlings/test-kit/ownerChain";
import { printfulFailure, startTamperingProxy, startTestPrintful, type TamperingProxy, type TestPrintful } from "@pixlings/test-kit/localPrintful";
import { PrintfulClient } from "./printfulClient.ts";

describe("PrintfulClient", () => {
  let printful: TestPrintful;
  let proxy: TamperingProxy;
  let client: PrintfulClient;
  before(async () => {
    printful = await startTestPrintful();
    proxy = await startTamperingProxy(printful.server.url);
    client = new PrintfulClient({ baseUrl: `${proxy.url}/`, token: printful.token, timeoutMs: 1_000 });
  });
  after(async () => {
    await proxy?.close();
    await printful?.close();
  });

  it("reads the catalogue through a transparent proxy", async () => {
    proxy.tamper = () => undefined;
    const products = await client.listProducts();
    assert.ok(products.some((p) => p.id === 71));
    assert.equal((await client.getProduct(71)).product.type_name, "T-Shirt");
  });

  it("calls an answer unreadable when it is not JSON, or lacks or mistypes a field the API uses", async () => {
    const { product, variants } = await printful.client.getProduct(71);
    const forgeries = [
      { status: 200, body: "<html>maintenance</html>" },
      { status: 200, body: JSON.stringify({ code: 200, result: { product: { ...product, id: "71" }, variants } }) },
      { status: 200, body: JSON.stringify({ code: 200, result: { product, variants: [{ ...variants[0], image: "javascript:alert(1)" }] } }) },
      { status: 200, body: JSON.stringify({ code: 200, result: { product } }) },
      { status: 200, body: JSON.stringify({ result: { product, variants } }) },
      { status: 200, body: "null" },
    ];
    for (const forged of forgeries) {
      proxy.tamper = () => forged;
      assert.deepEqual(await printfulFailure(client.getProduct(71)), { kind: "unreadable" }, forged.body.slice(0, 80));
    }
    proxy.tamper = (_method, path) =>
      path.startsWith("/mockup-generator/task") ? { status: 200, body: JSON.stringify({ code: 200, result: { status: "done" } }) } : undefined;
    assert.deepEqual(await printfulFailure(client.getMockupTask("gt-1")), { kind: "unreadable" });
  });

  it("reports Printful's error answers with their status and reason, an error page as refused, a 429 with its wait", async () => {
    proxy.tamper = () => ({ status: 502, body: "<html>Bad gateway</html>", headers: { "content-type": "text/html" } });
    assert.deepEqual(await printfulFailure(client.listProducts()), { kind: "refused", status: 502, reason: "Error" });
    proxy.tamper = () => ({ status: 500, body: JSON.stringify({ code: 500, result: "Oops", error: { reason: "InternalServerError", message: "Oops" } }) });
    assert.deepEqual(await printfulFailure(client.listProducts()), { kind: "refused", status: 500, reason: "InternalServerError" });
    proxy.tamper = () => ({ status: 200, body: JSON.stringify({ code: 400, result: "Bad", error: { reason: "BadRequest", message: "Bad" } }) });
    assert.deepEqual(await printfulFailure(client.listProducts()), { kind: "refused", status: 400, reason: "BadRequest" }, "an error code inside a 200");
    proxy.tamper = () => ({ status: 429, body: JSON.stringify({ code: 429, result: "Too Many Requests" }) });
    assert.deepEqual(await printfulFailure(client.listProducts()), { kind: "rate_limited", retryAfter: 60 }, "no header: the spec's 60 s");
    proxy.tamper = () => ({ status: 429, body: "slow down", headers: { "retry-after": "12" } });
    assert.deepEqual(await printfulFailure(client.listProducts()), { kind: "rate_limited", retryAfter: 12 });
    proxy.tamper = () => undefined;
    assert.deepEqual(await printfulFailure(client.getProduct(424242)), { kind: "refused", status: 404, reason: "NotFound" });
  });

  it("calls Printful unreachable when nothing listens or it does not answer in time", async () => {
    const nobody = new PrintfulClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, token: printful.token });
    assert.deepEqual(await printfulFailure(nobody.listProducts()), { kind: "unreachable" });
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const slow = new PrintfulClient({ baseUrl: `http://127.0.0.1:${port}`, token: printful.token, timeoutMs: 300 });
      const started = Date.now();
      assert.deepEqual(await printfulFailure(slow.listProducts()), { kind: "unreachable" });
      assert.ok(Date.now() - started < 3_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
