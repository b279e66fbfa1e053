import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Nft } from "@pixlings/shared/http/nfts";
import { custodyNote, ownerTypeLabel, uniqueByToken } from "./ownerType.ts";

const pix = (tokenId: number, customName: string | null = null) => ({ tokenId, customName }) as Nft;

describe("owned Pix", () => {
  it("labels the owner type from the data", () => {
    assert.equal(ownerTypeLabel("wallet"), "On-Chain");
    assert.equal(ownerTypeLabel("card"), "Credit Card");
    assert.equal(ownerTypeLabel("card", "card"), "Credit Card");
    assert.equal(ownerTypeLabel("card", "freemint"), "Freemint");
    assert.equal(ownerTypeLabel(null), null);
  });

  it("says how a Pix held in custody was got: bought by card or redeemed with a freemint card", () => {
    assert.equal(custodyNote("card", "Pixlings"), "Bought by card: held for you until you mint it to your wallet from My Pixlings.");
    assert.equal(custodyNote("freemint", "Pixlings"), "Redeemed with a freemint card: held for you until you mint it to your wallet from My Pixlings.");
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
