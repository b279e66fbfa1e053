import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { positiveIntString, rowIdNumber, tokenIdList, tokenIdString } from "./schemas.ts";

describe("request schemas", () => {
  it("take an id in a path only within the database's integer range (a larger one is a 400, never a query)", () => {
    const id = positiveIntString("id");
    assert.equal(id.parse("2147483647"), 2_147_483_647);
    for (const bad of ["2147483648", "99999999999", "0", "-1", "1.5", "1e3", ""]) assert.equal(id.safeParse(bad).success, false, bad);
    assert.match(id.safeParse("99999999999").error?.issues[0]?.message ?? "", /id is not an id/);
    assert.equal(positiveIntString("limit", 100).safeParse("101").error?.issues[0]?.message, "limit must be at most 100");
    const body = rowIdNumber("artistId");
    assert.equal(body.parse(7), 7);
    for (const bad of [99_999_999_999, 0, 1.5, "7"]) assert.equal(body.safeParse(bad).success, false, String(bad));
  });

  it("take token ids 1..9999, distinct, in a bounded list", () => {
    assert.equal(tokenIdString.parse("9999"), 9999);
    assert.equal(tokenIdString.safeParse("10000").success, false);
    assert.deepEqual(tokenIdList(3).parse([1, 2, 3]), [1, 2, 3]);
    for (const bad of [[], [1, 1], [1, 2, 3, 4], [0]]) assert.equal(tokenIdList(3).safeParse(bad).success, false, JSON.stringify(bad));
  });
});
