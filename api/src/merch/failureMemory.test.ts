import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createFailureMemory } from "./failureMemory.ts";
import { PrintfulError, type PrintfulFailure } from "./printfulError.ts";

/** A load that answers what `next` says, counting its calls (what Printful would be asked). */
function loadOf(next: () => PrintfulFailure | "ok"): { load: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      const answer = next();
      if (answer === "ok") return "catalogue";
      throw new PrintfulError(answer, `failed: ${answer.kind}`);
    },
    calls: () => calls,
  };
}

const failureOf = async (call: Promise<unknown>): Promise<PrintfulFailure> => {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof PrintfulError);
    return error.failure;
  }
  assert.fail("the call succeeded");
};

describe("createFailureMemory", () => {
  it("after Printful's 429, answers every load from memory with the seconds left until it has passed", async () => {
    let clock = 1_000;
    const memory = createFailureMemory(5_000, () => clock);
    let answer: PrintfulFailure | "ok" = { kind: "rate_limited", retryAfter: 30 };
    const list = loadOf(() => answer);
    const product = loadOf(() => "ok");
    const getList = memory.remembering(list.load);
    const getProduct = memory.remembering(product.load);
    assert.deepEqual(await failureOf(getList()), { kind: "rate_limited", retryAfter: 30 });
    clock += 10_400;
    assert.deepEqual(await failureOf(getList()), { kind: "rate_limited", retryAfter: 20 });
    assert.deepEqual(await failureOf(getProduct()), { kind: "rate_limited", retryAfter: 20 }, "the limit is the token's: every load waits");
    clock += 19_500;
    assert.deepEqual(await failureOf(getList()), { kind: "rate_limited", retryAfter: 1 });
    assert.deepEqual([list.calls(), product.calls()], [1, 0]);
    clock += 100;
    answer = "ok";
    assert.equal(await getList(), "catalogue");
    assert.equal(await getProduct(), "catalogue");
    assert.deepEqual([list.calls(), product.calls()], [2, 1]);
  });

  it("remembers any other failure of one load for a few seconds, that load only", async () => {
    let clock = 0;
    const memory = createFailureMemory(5_000, () => clock);
    let answer: PrintfulFailure | "ok" = { kind: "unreachable" };
    const broken = loadOf(() => answer);
    const other = loadOf(() => "ok");
    const getBroken = memory.remembering(broken.load);
    const getOther = memory.remembering(other.load);
    assert.deepEqual(await failureOf(getBroken()), { kind: "unreachable" });
    answer = "ok";
    clock += 4_999;
    assert.deepEqual(await failureOf(getBroken()), { kind: "unreachable" }, "still remembered");
    assert.equal(await getOther(), "catalogue");
    assert.equal(broken.calls(), 1);
    clock += 1;
    assert.equal(await getBroken(), "catalogue");
    answer = { kind: "refused", status: 500, reason: "Error" };
    assert.deepEqual(await failureOf(getBroken()), { kind: "refused", status: 500, reason: "Error" }, "a success forgets, the next failure counts anew");
    assert.equal(broken.calls(), 3);
  });
});
