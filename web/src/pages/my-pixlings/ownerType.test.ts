import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Nft } from "@pixlings/shared/http/nfts";
import { ownerTypeLabel, uniqueByToken } from "./ownerType.ts";

const pix = (tokenId: number, customName: string | null = null) => ({ tokenId, customName }) as Nft;

describe("owned Pix", () => {
  it("labels the owner type from the data", () => {
    assert.equal(ownerTypeLabel("wallet"), "On-Chain");
    assert.equal(ownerTypeLabel("card"), "Credit Card");
    assert.equal(ownerTypeLabel("card", "card"), "Credit Card");
    assert.equal(ownerTypeLabel("card", "freemint"), "Freemint");
    assert.equal(ownerTypeLabel(null), null);
  });

  it("lists each Pix once, in token order, keeping the first copy", () => {
    const merged = uniqueByToken([
      [pix(9), pix(2, "from wallet")],
      [pix(2, "from session"), pix(5)],
    ]);
    assert.deepEqual(
      merged.map((nft) => [nft.tokenId, nft.customName]),
      [
        [2, "from wallet"],
        [5, null],
        [9, null],
      ],
    );
    assert.deepEqual(uniqueByToken([[], []]), []);
  });
});
