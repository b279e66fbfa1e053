// /api/printful/* against the local Printful stand-in (behind a proxy that can forge Printful's
// answers), without a chain: the catalogue, the cache, upstream failures and every refusal that
// comes before Pix ownership. Owners' mockups: merch.slow.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { MerchProductResponse, MerchProductsResponse } from "@pixlings/shared/http/merch";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { startTamperingProxy, startTestPrintful, type TamperingProxy, type TestPrintful } from "@pixlings/test-kit/localPrintful";
import { freePort } from "@pixlings/test-kit/ownerChain";
import { expectStatus } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";

describe("/api/printful/* (no chain)", () => {
  let printful: TestPrintful;
  let proxy: TamperingProxy;
  let api: TestApi;
  const sent = (path: string): number => printful.server.requests.filter((r) => r.path === path).length;
  /** What the API asked Printful (through the proxy, forged answers included). */
  const seen = (path: string): number => proxy.seen.filter((r) => r.path === path).length;

  before(async () => {
    printful = await startTestPrintful();
    proxy = await startTamperingProxy(printful.server.url);
    // No indexer listens there: ownership cannot be known (503), and no other test's indexer is read.
    // Behind a "proxy" on loopback: X-Forwarded-For names the client, for the per-client limit.
    api = await startTestApi(
      { ...printful.env, PRINTFUL_API_URL: proxy.url, INDEXER_URL: `http://127.0.0.1:${await freePort()}`, API_TRUST_PROXY: "loopback" },
      { seedCatalogue: false },
    );
  });
  after(async () => {
    await api?.close();
    await proxy?.close();
    await printful?.close();
  });

  it("passes on Printful's 429 with retryAfter and remembers it: Printful is not asked again until then", async () => {
    proxy.tamper = () => ({ status: 429, body: JSON.stringify({ code: 429, result: "Too Many Requests" }), headers: { "retry-after": "2" } });
    const limited = await fetch(`${api.url}/api/printful/products`);
    assert.deepEqual(await expectStatus(limited, 429, /busy: try again in 2 s/), {
      message: "The merchandise service is busy: try again in 2 s",
      retryAfter: 2,
    });
    assert.equal(limited.headers.get("retry-after"), "2");
    proxy.tamper = () => undefined;
    const again = await Promise.all(Array.from({ length: 5 }, () => fetch(`${api.url}/api/printful/products`)));
    for (const res of again) {
      const { retryAfter } = await expectStatus(res, 429, /busy: try again in [12] s/);
      assert.ok(retryAfter === 1 || retryAfter === 2, "the seconds left");
    }
    assert.equal(seen("/products"), 1, "asked once, while it said to wait");
    await new Promise((resolve) => setTimeout(resolve, 2_050));
    const products = (await expectStatus(await fetch(`${api.url}/api/printful/products`), 200)) as unknown as MerchProductsResponse;
    assert.ok(products.result.some((p) => p.id === 599));
    assert.equal(seen("/products"), 2);
  });

  it("answers a malformed, unreadable or refused answer as 502, and remembers it a few seconds without asking again", async () => {
    const forged: [number, { status: number; body: string }, RegExp][] = [
      [248, { status: 200, body: JSON.stringify({ code: 200, result: { product: { id: 248, title: "no type name" }, variants: [] } }) }, /could not read/],
      [300, { status: 200, body: "{not json" }, /could not read/],
      [382, { status: 401, body: JSON.stringify({ code: 401, result: "The access token provided is invalid" }) }, /refused the site's credentials/],
      [83, { status: 500, body: JSON.stringify({ code: 500, result: "Internal error" }) }, /failed \(HTTP 500\)/],
    ];
    proxy.tamper = (_method, path) => forged.find(([id]) => path === `/products/${id}`)?.[1];
    for (const [id, , message] of forged) await expectStatus(await fetch(`${api.url}/api/printful/products/${id}`), 502, message);
    proxy.tamper = () => undefined;
    for (const [id, , message] of forged) {
      const answers = await Promise.all(Array.from({ length: 3 }, () => fetch(`${api.url}/api/printful/products/${id}`)));
      for (const res of answers) await expectStatus(res, 502, message);
      assert.equal(seen(`/products/${id}`), 1, `product ${id}: Printful asked once`);
    }
  });

  it("answers the catalogue from memory: Printful asked once, even while it is away later", async () => {
    const before = sent("/products");
    const first = await fetch(`${api.url}/api/printful/products`);
    assert.equal(first.headers.get("cache-control"), "public, max-age=300");
    const { result } = (await expectStatus(first, 200)) as unknown as MerchProductsResponse;
    assert.deepEqual(
      result.map((p) => p.id),
      (await printful.client.listProducts()).map((p) => p.id),
    );
    assert.deepEqual(Object.keys(result[0]!).sort(), ["brand", "files", "id", "image", "model", "title", "type", "type_name", "variant_count"]);
    proxy.tamper = () => ({ status: 500, body: "{}" });
    await expectStatus(await fetch(`${api.url}/api/printful/products`), 200);
    proxy.tamper = () => undefined;
    assert.equal(sent("/products"), before + 1, "only this test's own direct read reached the stand-in");
  });

  it("answers a product with its variants and, as its files, the placements the mockup generator takes", async () => {
    const res = await fetch(`${api.url}/api/printful/products/146`);
    const { result } = (await expectStatus(res, 200)) as unknown as MerchProductResponse;
    assert.equal(result.product.type_name, "Hoodie");
    assert.deepEqual(
      result.product.files.map((f) => [f.id, f.title]),
      [
        ["embroidery_chest_left", "Left chest embroidery"],
        ["front", "Front print"],
        ["back", "Back print"],
      ],
    );
    assert.equal(result.variants.length, result.product.variant_count);
    assert.deepEqual(Object.keys(result.variants[0]!).sort(), [
      "availability_status",
      "color",
      "color_code",
      "id",
      "image",
      "in_stock",
      "name",
      "price",
      "product_id",
      "size",
    ]);
    // Printful's price per variant, the largest sizes dearer.
    const price = (size: string) => result.variants.find((v) => v.color === result.variants[0]!.color && v.size === size)?.price;
    assert.match(price("M") ?? "", /^\d+\.\d{2}$/);
    assert.equal(Number(price("2XL")) - Number(price("M")), 2);
    const navy3xl = (await (await fetch(`${api.url}/api/printful/products/71`)).json()) as MerchProductResponse;
    assert.deepEqual(
      navy3xl.result.variants.filter((v) => !v.in_stock).map((v) => [v.color, v.size, v.availability_status]),
      [["Navy", "3XL", "out_of_stock"]],
    );
  });

  it("answers 404 for a product the catalogue does not list without asking Printful, 400 for a malformed id", async () => {
    await expectStatus(await fetch(`${api.url}/api/printful/products/424242`), 404, /not in the merchandise catalogue/);
    assert.equal(sent("/products/424242"), 0);
    for (const id of ["abc", "0", "-1", "1e3", "99999999999"]) await expectStatus(await fetch(`${api.url}/api/printful/products/${id}`), 400);
  });

  it("refuses a signed-in user's bad preview requests with 400 and sends Printful nothing", async () => {
    const jar = await signIn(api, privateKeyToAccount(generatePrivateKey()));
    const generate = (body: unknown): Promise<Response> =>
      jar.fetch("/api/printful/generate-mockup", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const good = { productId: 19, variantId: 19001, placements: ["default"], pixUrl: "/pixlings/pix_7.png?t=1" };
    const cases: [unknown, RegExp][] = [
      [{ ...good, pixUrl: "https://evil.example/pixlings/pix_7.png" }, /this site's image of a Pix/],
      [{ ...good, pixUrl: "//evil.example/pixlings/pix_7.png" }, /this site's image of a Pix/],
      [{ ...good, pixUrl: "/pixlings/pix_0.png" }, /this site's image of a Pix/],
      [{ ...good, pixUrl: "http://169.254.169.254/latest/meta-data" }, /this site's image of a Pix/],
      [{ ...good, placements: [] }, /placements: must name at least one placement/],
      [{ ...good, placements: ["default", "default"] }, /must not repeat a placement/],
      [{ ...good, placements: ["../x"] }, /placements/],
      [{ ...good, productId: "19" }, /productId/],
      [{ ...good, variantId: 1.5 }, /variantId/],
      [{ productId: 19 }, /variantId/],
      ["[]", /body/],
    ];
    for (const [body, pattern] of cases) await expectStatus(await generate(body), 400, pattern);
    const raw = await jar.fetch("/api/printful/generate-mockup", { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    await expectStatus(raw, 400);
    // A good request needs to know who owns the Pix: the indexer is away here.
    await expectStatus(await generate(good), 503);
    assert.equal(sent("/mockup-generator/create-task/19"), 0, "nothing was sent to Printful");
    await expectStatus(await jar.fetch("/api/printful/check-task/gt-someone-elses"), 404, /No mockup task of yours/);
    await expectStatus(await jar.fetch("/api/printful/check-task/bad%20key"), 400);
    assert.equal(sent("/mockup-generator/task"), 0);
  });

  it("limits catalogue reads per client: 429 with retryAfter past 120 a minute, other clients still served", async () => {
    const from = (ip: string, path = "/api/printful/products"): Promise<Response> => fetch(`${api.url}${path}`, { headers: { "x-forwarded-for": ip } });
    const before = sent("/products");
    for (let i = 0; i < 60; i++) assert.equal((await from("203.0.113.5")).status, 200);
    for (let i = 0; i < 60; i++) assert.equal((await from("203.0.113.5", "/api/printful/products/19")).status, 200);
    for (const path of ["/api/printful/products", "/api/printful/products/19", "/api/printful/products/424242"]) {
      const res = await from("203.0.113.5", path);
      const body = await expectStatus(res, 429, /^Too many requests: try again in \d+ s$/);
      assert.ok(typeof body.retryAfter === "number" && body.retryAfter >= 1 && body.retryAfter <= 60);
      assert.equal(res.headers.get("retry-after"), String(body.retryAfter));
    }
    assert.equal((await from("203.0.113.6")).status, 200, "another client");
    assert.equal(sent("/products"), before, "all answered from memory");
  });

  it("lets the page show Printful's images: their origin is in the CSP's img-src", async () => {
    const csp = (await fetch(`${api.url}/api/health`)).headers.get("content-security-policy") ?? "";
    assert.match(csp, new RegExp(`img-src 'self' data: ${proxy.url.replace(/[.]/g, "\\.")}`));
  });
});

describe("/api/printful/* while Printful's own limit is reached", () => {
  it("asks Printful nothing more for any product until its Retry-After has passed", async () => {
    // Two catalogue requests a minute: the list, then one product's detail (two calls) is refused.
    const printful = await startTestPrintful({ requestsPerMinute: 2 });
    const api = await startTestApi({ ...printful.env, INDEXER_URL: `http://127.0.0.1:${await freePort()}` }, { seedCatalogue: false });
    try {
      await expectStatus(await fetch(`${api.url}/api/printful/products`), 200);
      const refused = await expectStatus(await fetch(`${api.url}/api/printful/products/71`), 429, /busy: try again in \d+ s/);
      assert.ok(typeof refused.retryAfter === "number" && refused.retryAfter > 1 && refused.retryAfter <= 60);
      const asked = printful.server.requests.length;
      assert.equal(asked, 3, "the list, the product and its refused print files");
      const answers = await Promise.all(
        [71, 146, 19, 71, 146, 19, 1, 3].map((id) => fetch(`${api.url}/api/printful/products/${id}`).then((res) => expectStatus(res, 429))),
      );
      for (const answer of answers) assert.ok(typeof answer.retryAfter === "number" && answer.retryAfter <= (refused.retryAfter as number));
      await expectStatus(await fetch(`${api.url}/api/printful/products`), 200);
      assert.equal(printful.server.requests.length, asked, "Printful was not asked again");
    } finally {
      await api.close();
      await printful.close();
    }
  });
});

describe("/api/printful/* without PRINTFUL_API_TOKEN", () => {
  it("answers 503 { message } on every route", async () => {
    const api = await startTestApi({ INDEXER_URL: `http://127.0.0.1:${await freePort()}` }, { seedCatalogue: false });
    try {
      const jar = await signIn(api, privateKeyToAccount(generatePrivateKey()));
      await expectStatus(await jar.fetch("/api/printful/products"), 503, /not available on this site/);
      await expectStatus(await jar.fetch("/api/printful/products/71"), 503);
      await expectStatus(await jar.fetch("/api/printful/check-task/gt-1"), 503);
      const body = JSON.stringify({ productId: 19, variantId: 19001, placements: ["default"], pixUrl: "/pixlings/pix_7.png" });
      await expectStatus(await jar.fetch("/api/printful/generate-mockup", { method: "POST", headers: { "content-type": "application/json" }, body }), 503);
      assert.doesNotMatch((await fetch(`${api.url}/api/health`)).headers.get("content-security-policy") ?? "", /img-src[^;]*http/);
    } finally {
      await api.close();
    }
  });
});
