import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { EXCLUDED_PRODUCT_IDS, MERCH_CATEGORIES } from "@pixlings/shared/merch";
import { PrintfulClient } from "@pixlings/api/testing";
import { PrintfulError } from "@pixlings/api/testing";
import { coloursOf, startTestPrintful, type TestPrintful } from "@pixlings/test-kit/localPrintful";

describe("local Printful: the catalogue", () => {
  let printful: TestPrintful;
  before(async () => {
    printful = await startTestPrintful();
  });
  after(() => printful?.close());

  const raw = (path: string, init: RequestInit = {}, token: string | null = printful.token): Promise<Response> =>
    fetch(`${printful.server.url}${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });

  it("lists about a dozen products across the storefront's four categories, product 599 among them (read by the typed client)", async () => {
    const products = await printful.client.listProducts();
    assert.ok(products.length >= 12 && products.length <= 16, `${products.length} products`);
    assert.equal(new Set(products.map((p) => p.id)).size, products.length, "ids are unique");
    for (const category of MERCH_CATEGORIES) {
      const inIt = products.filter((p) => category.keywords.some((k) => `${p.type_name} ${p.model}`.toLowerCase().includes(k.toLowerCase())));
      assert.ok(inIt.length >= 2, `${category.name}: ${inIt.map((p) => p.title).join(", ")}`);
    }
    for (const id of EXCLUDED_PRODUCT_IDS)
      assert.ok(
        products.some((p) => p.id === id),
        `product ${id} is there for the picker to leave out`,
      );
  });

  it("gives every product variants with colours and sizes and a print file for each placement of each variant", async () => {
    for (const listed of await printful.client.listProducts()) {
      const [{ product, variants }, printfiles] = await Promise.all([printful.client.getProduct(listed.id), printful.client.getPrintfiles(listed.id)]);
      assert.deepEqual(product, listed);
      assert.equal(variants.length, product.variant_count);
      assert.ok(variants.every((v) => v.product_id === product.id && v.color !== "" && v.size !== "" && /^#[0-9a-f]{6}$/.test(v.color_code ?? "")));
      assert.ok(
        variants.every((v) => /^\d+\.\d{2}$/.test(v.price)),
        "a price per variant, as Printful writes it",
      );
      const placements = Object.keys(printfiles.available_placements);
      assert.ok(placements.length > 0);
      assert.deepEqual(
        placements,
        product.files.filter((f) => f.type !== "mockup").map((f) => f.id),
        "the product's print files are the generator's placements",
      );
      const printfileIds = new Set(printfiles.printfiles.map((f) => f.printfile_id));
      for (const variant of variants) {
        const entry = printfiles.variant_printfiles.find((e) => e.variant_id === variant.id);
        assert.deepEqual(Object.keys(entry?.placements ?? {}), placements, `variant ${variant.id}`);
        assert.ok(Object.values(entry!.placements).every((id) => printfileIds.has(id)));
      }
    }
  });

  it("prices the largest sizes higher, as Printful does", async () => {
    const { variants } = await printful.client.getProduct(71);
    const price = (size: string) => variants.find((v) => v.color === "Black" && v.size === size)?.price;
    assert.deepEqual([price("M"), price("XL"), price("2XL"), price("3XL")], ["9.25", "9.25", "11.25", "13.25"]);
  });

  it("serves product and variant pictures without a token, in the variant's colour", async () => {
    const { product, variants } = await printful.client.getProduct(71);
    const black = variants.find((v) => v.color === "Black")!;
    for (const url of [product.image, black.image]) {
      const res = await fetch(url);
      assert.equal(res.status, 200, url);
      assert.equal(res.headers.get("content-type"), "image/png");
    }
    const colours = await coloursOf(Buffer.from(await (await fetch(black.image)).arrayBuffer()));
    assert.ok(colours.has(Number.parseInt(black.color_code!.slice(1), 16)), "the shirt is black");
    assert.equal((await fetch(`${printful.server.url}/files/products/424242.png`)).status, 404);
  });

  it("speaks Printful's envelope: { code, result } and { code, result, error: { reason, message } }", async () => {
    const ok = await raw("/products/19");
    assert.equal(ok.status, 200);
    assert.equal(((await ok.json()) as { code: number }).code, 200);
    const cases: [string, RequestInit, string | null, number, string][] = [
      ["/products", {}, null, 401, "Unauthorized"],
      ["/products", { headers: { authorization: "Basic dXNlcjpwYXNz" } }, null, 401, "Unauthorized"],
      ["/products", {}, "not-the-token-0123456789", 401, "Unauthorized"],
      ["/products/424242", {}, printful.token, 404, "NotFound"],
      ["/orders", {}, printful.token, 404, "NotFound"],
      ["/products", { method: "POST" }, printful.token, 405, "MethodNotAllowed"],
      ["/mockup-generator/task", {}, printful.token, 400, "BadRequest"],
    ];
    for (const [path, init, token, status, reason] of cases) {
      const res = await raw(path, init, token);
      const body = (await res.json()) as { code: number; result: string; error: { reason: string; message: string } };
      assert.equal(res.status, status, `${path}: ${JSON.stringify(body)}`);
      assert.deepEqual([body.code, body.error.reason, body.result], [status, reason, body.error.message], path);
    }
  });

  it("refuses a wrong token through the typed client as Printful's 401", async () => {
    const wrong = new PrintfulClient({ baseUrl: printful.server.url, token: "wrong-token-0123456789abcdef" });
    await assert.rejects(wrong.listProducts(), (error: unknown) => {
      assert.ok(error instanceof PrintfulError);
      assert.deepEqual(error.failure, { kind: "refused", status: 401, reason: "Unauthorized" });
      return true;
    });
  });
});
