import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ArtReplacement, ChainReplacement } from "@pixlings/shared/http/submissions";
import { replacementSummary } from "./replacementStatus.ts";

const UPDATED = "2026-11-24T12:00:00.000Z";
const chain = (chainName: string, state: ChainReplacement["state"]): ChainReplacement => ({
  chainId: chainName === "Local Ethereum" ? 31337 : 31338,
  chainName,
  state,
  txHash: state === "pending" ? null : "0xabc",
  error: state === "failed" ? "RPC unreachable" : null,
  updatedAt: UPDATED,
});
const replacement = (state: ArtReplacement["state"], chains: ChainReplacement[], abandonedAt: string | null = null): ArtReplacement => ({
  tokenId: 500,
  state,
  chains,
  startedAt: "2026-11-24T12:00:00.000Z",
  finishedAt: null,
  abandonedAt,
});
const minutesLater = (minutes: number): number => Date.parse(UPDATED) + minutes * 60_000;

describe("Approve & Replace progress in words", () => {
  it("counts the chains confirmed while writing", () => {
    const summary = replacementSummary(replacement("writing", [chain("Local Ethereum", "confirmed"), chain("Local Polygon", "sent")]));
    assert.deepEqual(summary, { text: "Writing the new art on-chain: 1 of 2 chains confirmed...", retry: false, abandon: false, done: false });
  });

  it("waits for the indexer once every chain confirmed; offers Abandon only once that takes minutes", () => {
    const waiting = replacement("indexing", [chain("Local Ethereum", "confirmed")]);
    const soon = replacementSummary(waiting, minutesLater(1));
    assert.match(soon.text, /Waiting for the indexer/);
    assert.deepEqual([soon.retry, soon.abandon, soon.done], [false, false, false]);
    const stuck = replacementSummary(waiting, minutesLater(7));
    assert.match(stuck.text, /has not shown the new art for 7 minutes\. Abandon gives the chains their old art back/);
    assert.deepEqual([stuck.retry, stuck.abandon], [false, true]);
  });

  it("names the failed chains, says it is not done, and offers Retry and Abandon", () => {
    const summary = replacementSummary(replacement("failed", [chain("Local Ethereum", "confirmed"), chain("Local Polygon", "failed")]));
    assert.deepEqual([summary.retry, summary.abandon, summary.done], [true, true, false]);
    assert.match(summary.text, /^The replacement of Pix #500 failed on Local Polygon and is not done\. Retry continues where it stopped; Abandon/);
  });

  it("while abandoned: the old art going back, never Abandon again; Retry after a failure", () => {
    const at = "2026-11-24T12:05:00.000Z";
    const writing = replacementSummary(replacement("writing", [chain("Local Ethereum", "sent"), chain("Local Polygon", "confirmed")], at));
    assert.deepEqual(writing, { text: "Abandoning: writing the old art back: 1 of 2 chains confirmed...", retry: false, abandon: false, done: false });
    const indexing = replacementSummary(replacement("indexing", [chain("Local Ethereum", "confirmed")], at), minutesLater(60));
    assert.match(indexing.text, /old art is back on every chain/);
    assert.equal(indexing.abandon, false);
    const failed = replacementSummary(replacement("failed", [chain("Local Ethereum", "failed"), chain("Local Polygon", "confirmed")], at));
    assert.deepEqual([failed.retry, failed.abandon, failed.done], [true, false, false]);
    assert.match(failed.text, /^Abandoning failed on Local Ethereum: Pix #500 stays on hold/);
  });

  it("is done only when the API says so", () => {
    assert.deepEqual(replacementSummary(replacement("done", [chain("Local Ethereum", "confirmed"), chain("Local Polygon", "confirmed")])), {
      text: "Pix #500 shows the new art on every chain.",
      retry: false,
      abandon: false,
      done: true,
    });
  });
});
