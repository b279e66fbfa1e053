import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ArtReplacement, ChainReplacement } from "@pixlings/shared/http/submissions";
import { replacementSummary } from "./replacementStatus.ts";

const chain = (chainName: string, state: ChainReplacement["state"]): ChainReplacement => ({
  chainId: chainName === "Local Ethereum" ? 31337 : 31338,
  chainName,
  state,
  txHash: state === "pending" ? null : "0xabc",
  error: state === "failed" ? "RPC unreachable" : null,
  updatedAt: "2026-11-24T12:00:00.000Z",
});
const replacement = (state: ArtReplacement["state"], chains: ChainReplacement[]): ArtReplacement => ({
  tokenId: 500,
  state,
  chains,
  startedAt: "2026-11-24T12:00:00.000Z",
  finishedAt: null,
});

describe("Approve & Replace progress in words", () => {
  it("counts the chains confirmed while writing", () => {
    const summary = replacementSummary(replacement("writing", [chain("Local Ethereum", "confirmed"), chain("Local Polygon", "sent")]));
    assert.deepEqual(summary, { text: "Writing the new art on-chain: 1 of 2 chains confirmed...", retry: false, done: false });
  });

  it("waits for the indexer once every chain confirmed", () => {
    assert.match(replacementSummary(replacement("indexing", [chain("Local Ethereum", "confirmed")])).text, /Waiting for the indexer/);
  });

  it("names the failed chains, says it is not done, and offers Retry", () => {
    const summary = replacementSummary(replacement("failed", [chain("Local Ethereum", "confirmed"), chain("Local Polygon", "failed")]));
    assert.equal(summary.retry, true);
    assert.equal(summary.done, false);
    assert.match(summary.text, /^The replacement of Pix #500 failed on Local Polygon and is not done\. Retry continues/);
  });

  it("is done only when the API says so", () => {
    assert.deepEqual(replacementSummary(replacement("done", [chain("Local Ethereum", "confirmed"), chain("Local Polygon", "confirmed")])), {
      text: "Pix #500 shows the new art on every chain.",
      retry: false,
      done: true,
    });
  });
});
