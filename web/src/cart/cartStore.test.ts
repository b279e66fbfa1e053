import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import type { Nft } from "@pixlings/shared/http/nfts";
import { CART_MAX, CART_STORAGE_KEY, createCartStore } from "./cartStore.ts";
import { cartUpdateNotice, findUnavailable } from "./findUnavailable.ts";

// Runs with --experimental-webstorage: sessionStorage is Node's own Web Storage implementation.
const storage = (): Storage => sessionStorage;

function pix(tokenId: number, overrides: Partial<Nft> = {}): Nft {
  return {
    id: tokenId,
    tokenId,
    name: `Test Pix ${tokenId}`,
    customName: null,
    description: "",
    customDescription: null,
    descriptionByArtist: false,
    imageUrl: `/pixlings/pix_${tokenId}.png?v=1`,
    rarity: "Common",
    mintPrice: "0.01",
    colorCount: 4,
    symmetryType: "none",
    isArtistPiece: false,
    artistId: null,
    artistName: null,
    artist: null,
    isMinted: false,
    mintedOnChain: null,
    walletOwner: null,
    cardPurchasedBy: null,
    ownerType: null,
    reservedUntil: null,
    ...overrides,
  };
}

describe("cart store", () => {
  beforeEach(() => sessionStorage.clear());

  it("holds at most 10 Pix and refuses the 11th", () => {
    const cart = createCartStore(storage);
    for (let id = 1; id <= CART_MAX; id++) assert.equal(cart.getState().add(pix(id)), "added");
    assert.equal(cart.getState().add(pix(99)), "full");
    assert.equal(cart.getState().items.length, 10);
    assert.ok(!cart.getState().items.some((item) => item.nft.tokenId === 99));
  });

  it("refuses a Pix already in the cart (even when full)", () => {
    const cart = createCartStore(storage);
    assert.equal(cart.getState().add(pix(7)), "added");
    assert.equal(cart.getState().add(pix(7)), "duplicate");
    assert.deepEqual(
      cart.getState().items.map((item) => item.nft.tokenId),
      [7],
    );
    for (let id = 1; id <= 9; id++) cart.getState().add(pix(100 + id));
    assert.equal(cart.getState().add(pix(7)), "duplicate");
  });

  it("persists the item list under pixlings_cart_items and restores it", () => {
    assert.equal(CART_STORAGE_KEY, "pixlings_cart_items");
    const cart = createCartStore(storage);
    cart.getState().add(pix(3));
    cart.getState().add(pix(4, { rarity: "Rare" }));
    const stored = JSON.parse(sessionStorage.getItem("pixlings_cart_items") ?? "null");
    assert.deepEqual(stored, [
      { nft: pix(3), quantity: 1 },
      { nft: pix(4, { rarity: "Rare" }), quantity: 1 },
    ]);
    const restored = createCartStore(storage);
    assert.deepEqual(
      restored.getState().items.map((item) => item.nft.tokenId),
      [3, 4],
    );
    restored.getState().remove(3);
    assert.deepEqual(
      JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY) ?? "null").map((i: { nft: Nft }) => i.nft.tokenId),
      [4],
    );
    restored.getState().clear();
    assert.deepEqual(JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY) ?? "null"), []);
  });

  it("ignores malformed stored data, duplicates and rows beyond 10", () => {
    sessionStorage.setItem(CART_STORAGE_KEY, "not json");
    assert.deepEqual(createCartStore(storage).getState().items, []);
    sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [] }));
    assert.deepEqual(createCartStore(storage).getState().items, []);
    const rows = [1, 1, 2, null, { nft: { name: "no id" } }, ...Array.from({ length: 12 }, (_, i) => ({ nft: pix(10 + i), quantity: 1 }))];
    sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify(rows.map((row) => (typeof row === "number" ? { nft: pix(row), quantity: 3 } : row))));
    const items = createCartStore(storage).getState().items;
    assert.equal(items.length, 10);
    assert.deepEqual(
      items.slice(0, 3).map((item) => [item.nft.tokenId, item.quantity]),
      [
        [1, 1],
        [2, 1],
        [10, 1],
      ],
    );
  });

  it("works without storage (private mode): the cart lives in memory", () => {
    const cart = createCartStore(() => undefined);
    assert.equal(cart.getState().add(pix(1)), "added");
    assert.equal(cart.getState().items.length, 1);
  });
});

describe("removal of unavailable Pix", () => {
  const me = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
  const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

  it("sorts minted Pix into owned by this wallet and gone; keeps the rest and the unknown", () => {
    const cart = createCartStore(storage);
    for (const id of [1, 2, 3, 4, 5]) cart.getState().add(pix(id));
    const tokens = new Map<number, Nft | null>([
      [1, pix(1, { isMinted: true, walletOwner: me.toLowerCase(), mintedOnChain: 31337 })],
      [2, pix(2, { isMinted: true, walletOwner: other, mintedOnChain: 31338 })],
      [3, pix(3, { reservedUntil: new Date().toISOString() })],
      [4, null],
      // 5: its lookup failed, so it stays.
    ]);
    const unavailable = findUnavailable(cart.getState().items, tokens, me);
    assert.deepEqual(unavailable, { owned: [1], gone: [2, 4] });
    cart.getState().removeMany([...unavailable.owned, ...unavailable.gone]);
    assert.deepEqual(
      cart.getState().items.map((item) => item.nft.tokenId),
      [3, 5],
    );
    assert.deepEqual(cartUpdateNotice(unavailable), {
      title: "Cart Updated",
      description: "Removed Pix #1 from your cart: you already own it. Removed Pix #2 and Pix #4 from your cart: they are no longer available.",
    });
  });

  it("without a connected wallet every minted Pix is gone, and no notice when nothing changes", () => {
    const items = [{ nft: pix(1), quantity: 1 as const }];
    const minted = new Map([[1, pix(1, { isMinted: true, walletOwner: me })]]);
    assert.deepEqual(findUnavailable(items, minted, undefined), { owned: [], gone: [1] });
    assert.equal(cartUpdateNotice(findUnavailable(items, new Map([[1, pix(1)]]), me)), undefined);
  });
});
