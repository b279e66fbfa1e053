import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chainEventId, parseEventId } from "./activityIds.ts";
import { encodeCursor, StreamCursorText, WHOLE_BLOCK, type StreamCursor } from "./streamCursor.ts";

describe("stream cursors and event ids", () => {
  it("a cursor survives its trip through Last-Event-ID", () => {
    const cursor: StreamCursor = {
      chains: new Map([
        [31338, { block: 98n, logIndex: WHOLE_BLOCK }],
        [31337, { block: 120n, logIndex: 3, hash8: "ab12cd34" }],
      ]),
      art: { ms: 1_712_345_678_901, id: 17 },
    };
    const text = encodeCursor(cursor);
    assert.equal(text, "v1,c31337:120:3:ab12cd34,c31338:98:f,a1712345678901:17");
    assert.deepEqual(StreamCursorText.parse(text), { chains: new Map([...cursor.chains].sort(([a], [b]) => a - b)), art: cursor.art });
    assert.deepEqual(StreamCursorText.parse("v1,a-"), { chains: new Map(), art: undefined });
  });

  it("refuses anything the stream never gives", () => {
    for (const forged of [
      "",
      "v2,a-",
      "v1",
      "v1,c31337:120:3:ab12cd34",
      "v1,c31337:120:3,a-",
      "v1,c31337:120:f:ab12cd34,a-",
      "v1,c31337:120:3:AB12CD34,a-",
      "v1,c31337:1:1:ab12cd34,c31337:2:f,a-",
      "v1,c31337:-1:f,a-",
      "v1,c31337:1e9:f,a-",
      "v1,a1:2:3",
      `v1,${Array.from({ length: 17 }, (_, i) => `c${i}:1:f`).join(",")},a-`,
      `v1,c1:${"9".repeat(5000)}:f,a-`,
      "v1,c31337:120:f,a-\nevent: reset",
      // Well formed, but past what any store holds: refused here, never a query's error (a 5xx).
      "v1,c31337:99999999999999999999:0:deadbeef,a-",
      "v1,c9999999999:1:f,a-",
      "v1,a1:9999999999",
    ]) {
      assert.equal(StreamCursorText.safeParse(forged).success, false, forged.slice(0, 80));
    }
  });

  it("event ids name their place and block", () => {
    const id = chainEventId(31337, { block: 120n, logIndex: 3 }, "0xAB12CD34ef");
    assert.equal(id, "31337-120-3-ab12cd34");
    assert.deepEqual(parseEventId(id), { source: "chain", place: { chainId: 31337, block: 120n, logIndex: 3, hash8: "ab12cd34" } });
    assert.deepEqual(parseEventId("art-17"), { source: "art", replacementId: 17 });
    for (const bad of [
      "art-",
      "art-1.5",
      "31337-120-3",
      "31337-120-3-AB12CD34",
      "x",
      "31337-120--3-ab12cd34",
      `art-${"1".repeat(11)}`,
      "art-9999999999",
      "9999999999-1-0-deadbeef",
      "31337-99999999999999999999-0-deadbeef",
    ]) {
      assert.equal(parseEventId(bad), undefined, bad);
    }
  });
});
