import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { decodeParams, formArray, formInteger, formMetadata, parseParams } from "./params.ts";
import { StripeApiError } from "./stripeError.ts";

const stripeError = (run: () => unknown): StripeApiError => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof StripeApiError, String(error));
    return error;
  }
  assert.fail("no error");
};

describe("decodeParams: Stripe's bracket notation", () => {
  it("nests hashes and keeps array entries by index", () => {
    const params = decodeParams("amount=100&metadata[order]=o%201&metadata[ids]=1%2C2&types[0]=card&types[1]=x&tags[]=a&tags[]=b&a[b][c]=d");
    assert.deepEqual(JSON.parse(JSON.stringify(params)), {
      amount: "100",
      metadata: { order: "o 1", ids: "1,2" },
      types: { 0: "card", 1: "x" },
      tags: { 0: "a", 1: "b" },
      a: { b: { c: "d" } },
    });
    assert.equal(Object.getPrototypeOf(params), null);
  });

  it("refuses a param given twice, a value that is also a hash, malformed names and prototype keys", () => {
    for (const encoded of [
      "amount=1&amount=2",
      "a=1&a[b]=2",
      "a[b]=2&a=1",
      "a]b=1",
      "[a]=1",
      "a[b=1",
      "metadata[__proto__][x]=1",
      "__proto__[x]=1",
      "a[constructor]=1",
    ]) {
      const error = stripeError(() => decodeParams(encoded));
      assert.equal(error.status, 400, encoded);
      assert.equal(error.error.type, "invalid_request_error");
    }
    assert.equal(({} as Record<string, unknown>).x, undefined, "nothing reached Object.prototype");
  });
});

describe("parseParams: zod problems as Stripe's 400", () => {
  const schema = z.strictObject({ amount: formInteger(1), metadata: formMetadata.optional(), list: formArray(z.string()).optional() });

  it("names the param the way Stripe does", () => {
    assert.deepEqual(parseParams(schema, decodeParams("amount=5&list[0]=a&list[1]=b&metadata[k]=v&metadata[gone]=")), {
      amount: 5,
      list: ["a", "b"],
      metadata: { k: "v" },
    });
    const cases: [string, string, string][] = [
      ["", "amount", "parameter_missing"],
      ["amount=abc", "amount", "parameter_invalid"],
      ["amount=0", "amount", "parameter_invalid"],
      ["amount=1e3", "amount", "parameter_invalid"],
      ["amount=99999999999999999999", "amount", "parameter_invalid"],
      ["amount[x]=1", "amount", "parameter_invalid"],
      ["amount=1&colour=red", "colour", "parameter_unknown"],
      ["amount=1&metadata[a][b]=c", "metadata[a]", "parameter_invalid"],
      [`amount=1&metadata[k]=${"v".repeat(501)}`, "metadata[k]", "parameter_invalid"],
      ["amount=1&list=a", "list", "parameter_invalid"],
    ];
    for (const [encoded, param, code] of cases) {
      const error = stripeError(() => parseParams(schema, decodeParams(encoded)));
      assert.deepEqual([error.status, error.error.param, error.error.code], [400, param, code], encoded);
    }
    const many = Array.from({ length: 51 }, (_, i) => `metadata[k${i}]=v`).join("&");
    assert.equal(stripeError(() => parseParams(schema, decodeParams(`amount=1&${many}`))).error.param, "metadata");
  });
});
