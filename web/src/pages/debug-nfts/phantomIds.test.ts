import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { debugSummary, isPhantomId } from "./phantomIds.ts";

describe("/debug-nfts phantom ids", () => {
  it("flags ids of 10000 or more, and any id outside 1..9999", () => {
    assert.equal(isPhantomId(1), false);
    assert.equal(isPhantomId(9999), false);
    assert.equal(isPhantomId(10000), true);
    assert.equal(isPhantomId(123456), true);
    assert.equal(isPhantomId(0), true);
    assert.equal(isPhantomId(1.5), true);
  });

  it("counts rows, minted and phantom", () => {
    assert.deepEqual(
      debugSummary([
        { tokenId: 1, isMinted: true },
        { tokenId: 2, isMinted: false },
        { tokenId: 10000, isMinted: false },
      ]),
      { total: 3, minted: 1, phantom: 1 },
    );
  });
});
