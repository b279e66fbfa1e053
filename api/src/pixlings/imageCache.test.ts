import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CELL_COUNT, COLLECTION } from "@pixlings/shared/collection";
import type { IndexedArt } from "../indexer/indexerReader.ts";
import { cachedImage, createImageCache } from "./imageCache.ts";

const piece = (tokenId: number, version = 1): IndexedArt => ({
  tokenId,
  tier: 0,
  version,
  palette: [0x101010 * (tokenId % 15), 0xffffff, 0x336699],
  pixels: Uint8Array.from({ length: CELL_COUNT }, (_, i) => (tokenId + i * version) % 3),
});

describe("the PNG cache", () => {
  it("never holds more than its byte bound, dropping the least recently drawn", () => {
    const cache = createImageCache(20_000);
    const first = piece(1);
    cachedImage(cache, first, COLLECTION.scaledSize);
    for (let id = 2; id <= 500; id++) {
      cachedImage(cache, piece(id), COLLECTION.scaledSize);
      cachedImage(cache, piece(id), COLLECTION.gridSize);
      if (id === 3) assert.ok(cache.get(`1:${COLLECTION.scaledSize}`), "Pix 1 is now the most recently used");
      assert.ok(cache.totalSize <= 20_000, `${cache.totalSize} bytes after ${id} Pix`);
    }
    assert.ok(cache.size > 10, `${cache.size} images kept`);
    assert.equal(cache.get(`1:${COLLECTION.scaledSize}`), undefined);
    assert.ok(cache.get(`500:${COLLECTION.gridSize}`));
  });

  it("draws a piece again once it is replaced (a new object), and serves a kept one as it was", () => {
    const cache = createImageCache();
    const before = piece(7);
    const image = cachedImage(cache, before, COLLECTION.scaledSize);
    assert.equal(cachedImage(cache, before, COLLECTION.scaledSize), image);
    const replaced = cachedImage(cache, piece(7, 2), COLLECTION.scaledSize);
    assert.notEqual(replaced.etag, image.etag);
    assert.notDeepEqual(replaced.png, image.png);
  });
});
