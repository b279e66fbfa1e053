import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseTokenId, parseTokenIdList } from "./parseIds.ts";

describe("token ids from the URL", () => {
  it("accepts 1..9999 only", () => {
    assert.equal(parseTokenId("1"), 1);
    assert.equal(parseTokenId("9999"), 9999);
    for (const bad of [undefined, "", "0", "10000", "-1", "1.5", "abc", "0x10", " 5"]) assert.equal(parseTokenId(bad), undefined, String(bad));
  });

  it("reads ?tokenIds= lists, dropping junk and duplicates, at most 10", () => {
    assert.deepEqual(parseTokenIdList("1,2,3"), [1, 2, 3]);
    assert.deepEqual(parseTokenIdList(" 4, x,4,0,10000,5 "), [4, 5]);
    assert.deepEqual(parseTokenIdList(null), []);
    assert.deepEqual(parseTokenIdList(""), []);
    assert.equal(parseTokenIdList(Array.from({ length: 15 }, (_, i) => i + 1).join(",")).length, 10);
  });
});
