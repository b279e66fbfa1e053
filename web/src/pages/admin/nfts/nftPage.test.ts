import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { AdminNft } from "@pixlings/shared/http/admin";
import { nftPage } from "./nftPage.ts";

const nft = (tokenId: number, extra: Partial<AdminNft> = {}): AdminNft =>
  ({
    tokenId,
    name: `Pix ${tokenId}`,
    customName: null,
    artistName: null,
    rarity: tokenId <= 13 ? "Artist" : "Common",
    isSold: false,
    ...extra,
  }) as AdminNft;

const all = Array.from({ length: 250 }, (_, i) => nft(i + 1, i + 1 === 20 ? { isSold: true, customName: "Sunny" } : {}));

describe("the admin's NFT grid", () => {
  it("pages 100 at a time and clamps the page", () => {
    assert.deepEqual(
      [1, 2, 3].map((page) => nftPage(all, { search: "", filter: "all", page }).items.length),
      [100, 100, 50],
    );
    const last = nftPage(all, { search: "", filter: "all", page: 99 });
    assert.equal(last.page, 3);
    assert.equal(last.totalPages, 3);
    assert.equal(last.items[0]?.tokenId, 201);
    assert.equal(nftPage(all, { search: "", filter: "all", page: 0 }).page, 1);
    assert.deepEqual(nftPage([], { search: "", filter: "all", page: 1 }), { items: [], page: 1, totalPages: 1, total: 0 });
  });

  it("finds a token id exactly, or words in the names", () => {
    assert.deepEqual(
      nftPage(all, { search: "#20", filter: "all", page: 1 }).items.map((n) => n.tokenId),
      [20],
    );
    assert.deepEqual(
      nftPage(all, { search: " 2 ", filter: "all", page: 1 }).items.map((n) => n.tokenId),
      [2],
    );
    assert.deepEqual(
      nftPage(all, { search: "sunny", filter: "all", page: 1 }).items.map((n) => n.tokenId),
      [20],
    );
    assert.equal(nftPage(all, { search: "Pix 24", filter: "all", page: 1 }).total, 11, "Pix 24 and Pix 240..249");
  });

  it("filters sold, unsold and Artist pieces", () => {
    assert.equal(nftPage(all, { search: "", filter: "sold", page: 1 }).total, 1);
    assert.equal(nftPage(all, { search: "", filter: "unsold", page: 1 }).total, 249);
    assert.equal(nftPage(all, { search: "", filter: "artist", page: 1 }).total, 13);
  });
});
