import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ActivityRow } from "../indexer/indexerReader.ts";
import { followStep, readFrom, startFollowing, type FollowedChain } from "./chainFollower.ts";
import { WHOLE_BLOCK } from "./streamCursor.ts";

const hash = (fork: string, block: number): string => `0x${fork.repeat(2)}${block.toString(16).padStart(6, "0")}${"0".repeat(56)}`;
const row = (block: number, logIndex: number, tokenId: number, fork = "aa"): ActivityRow => ({
  chainId: 31337,
  blockNumber: BigInt(block),
  logIndex,
  blockHash: hash(fork, block),
  timestamp: BigInt(1_700_000_000 + block),
  txHash: `0x${"11".repeat(32)}`,
  kind: "mint",
  tokenId,
  account: `0x${"22".repeat(20)}`,
});
const ids = (rows: readonly ActivityRow[]): string[] => rows.map((r) => `${r.tokenId}`);

/** Reads like the hub: every row of `chain` (all the indexer holds) past `readFrom`. */
const rowsPast = (chain: FollowedChain, all: readonly ActivityRow[]): ActivityRow[] => {
  const from = readFrom(chain);
  return all.filter((r) => r.blockNumber > from.block || (r.blockNumber === from.block && r.logIndex > from.logIndex));
};

describe("following one chain's activity", () => {
  it("starts at its finalized block: the non-final events are known, not new", () => {
    const all = [row(90, 0, 1), row(101, 0, 2), row(102, 3, 3)];
    const start = startFollowing(100n);
    assert.deepEqual(readFrom(start), { block: 100n, logIndex: WHOLE_BLOCK });
    const first = followStep(start, 100n, rowsPast(start, all), false);
    assert.deepEqual(first.retracted, []);
    assert.deepEqual(ids(first.added), ["2", "3"], "the caller starting a chain shows none of them");
    assert.deepEqual([...first.next.recent.keys()].length, 2);
    assert.equal(first.next.cursor.block, 102n);
  });

  it("adds what is new, once; forgets what became final", () => {
    const all = [row(101, 0, 2), row(102, 3, 3)];
    let chain = followStep(startFollowing(100n), 100n, rowsPast(startFollowing(100n), all), false).next;
    all.push(row(103, 0, 4), row(103, 1, 5));
    const step = followStep(chain, 101n, rowsPast(chain, all), false);
    assert.deepEqual(ids(step.added), ["4", "5"]);
    assert.deepEqual(step.retracted, []);
    chain = step.next;
    assert.equal(chain.recent.size, 3, "101 is final now");
    assert.deepEqual(chain.cursor, { block: 103n, logIndex: 1, hash8: hash("aa", 103).slice(2, 10) });
    const again = followStep(chain, 101n, rowsPast(chain, all), false);
    assert.deepEqual(again.added, []);
    assert.deepEqual(again.retracted, []);
    // Past the finalized block of the last read, nothing below it is read again.
    const final = followStep(chain, 103n, rowsPast(chain, all), false);
    assert.equal(final.next.recent.size, 0);
    assert.deepEqual(readFrom(final.next), { block: 103n, logIndex: WHOLE_BLOCK });
  });

  it("retracts what a reorg dropped and adds the other fork's events, even at the same places", () => {
    const before = [row(101, 0, 2), row(102, 0, 3), row(103, 0, 4)];
    const chain = followStep(startFollowing(100n), 100n, before, false).next;
    // Blocks 102 and 103 replaced: another mint at 102's first log, nothing at 103.
    const after = [row(101, 0, 2), row(102, 0, 9, "bb")];
    const step = followStep(chain, 100n, rowsPast(chain, after), false);
    assert.equal(step.retracted.length, 2);
    assert.ok(step.retracted.every((id) => id.endsWith(hash("aa", 102).slice(2, 10)) || id.endsWith(hash("aa", 103).slice(2, 10))));
    assert.deepEqual(ids(step.added), ["9"]);
    assert.equal(step.next.cursor.block, 102n);
    assert.equal(step.next.cursor.hash8, hash("bb", 102).slice(2, 10));
  });

  it("goes back to a final position when a reorg dropped everything past it", () => {
    const chain = followStep(startFollowing(100n), 100n, [row(101, 0, 2)], false).next;
    const step = followStep(chain, 100n, [], false);
    assert.equal(step.retracted.length, 1);
    assert.deepEqual(step.next.cursor, { block: 100n, logIndex: WHOLE_BLOCK });
  });

  it("a truncated read retracts nothing it did not reach, and keeps those events recent", () => {
    const all = [row(101, 0, 2), row(102, 0, 3), row(103, 0, 4)];
    const chain = followStep(startFollowing(100n), 100n, all, false).next;
    const step = followStep(chain, 100n, all.slice(0, 1), true);
    assert.deepEqual(step.retracted, []);
    assert.equal(step.next.recent.size, 3);
    assert.deepEqual(step.added, []);
  });
});
