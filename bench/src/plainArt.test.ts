import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeBlob, type Art } from "@pixlings/shared/art/codec";
import { mulberry32 } from "@pixlings/test-kit/prng";
import { plainChunks, plainPixels } from "./plainArt.ts";

function randomArt(seed: number): Art {
  const random = mulberry32(seed);
  const palette = [0x112233, 0xffeedd, 0x00ff00, 0x123456].slice(0, 2 + (seed % 3));
  return { palette, pixels: Uint8Array.from({ length: 81 }, () => Math.floor(random() * palette.length)) };
}

const art = Array.from({ length: 300 }, (_, i) => randomArt(i + 1));
/** Compact chunks of 100 ids (1..99, 100..199, 200..299, 300) whatever Pixlings' own size is. */
const compact = [1, 100, 200, 300].map((firstId, chunkIndex) => {
  const ids = Array.from({ length: firstId === 1 ? 99 : firstId === 300 ? 1 : 100 }, (_, i) => firstId + i);
  return { chunkIndex, firstId, tiers: Uint8Array.from(ids, (id) => (id % 2) + 1), blob: encodeBlob(ids.map((id) => art[id - 1]!)) };
});

test("plain chunks of 256 ids hold the same pictures and tiers as the compact chunks", () => {
  const plain = plainChunks(compact, 300);
  assert.deepEqual(
    plain.map((c) => [c.firstId, c.tiers.length]),
    [
      [1, 255],
      [256, 45],
    ],
  );
  for (const chunk of plain) {
    assert.equal(chunk.blob.length, 1 + chunk.blob[0]! * 3 + chunk.tiers.length * 81);
    chunk.tiers.forEach((tier, i) => {
      const id = chunk.firstId + i;
      const piece = art[id - 1]!;
      assert.equal(tier, (id % 2) + 1);
      assert.deepEqual(
        plainPixels(chunk, id),
        Array.from(piece.pixels, (p) => piece.palette[p]),
      );
    });
  }
});

test("missing art is refused", () => {
  assert.throws(() => plainChunks(compact.slice(0, 2), 300), /no art for id 200/);
});
