import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { QueryClient } from "@tanstack/react-query";
import type { AvailablePage, Nft } from "@pixlings/shared/http/nfts";
import { parseActivityEvent } from "./activityAnswers.ts";
import { markMinted, showMint } from "./mintPatch.ts";

const nft = (tokenId: number, isMinted = false): Nft =>
  ({ id: tokenId, tokenId, name: `Pix ${tokenId}`, isMinted, mintedOnChain: isMinted ? 31338 : null, ownerType: isMinted ? "wallet" : null }) as Nft;
const page = (ids: number[]): AvailablePage => ({ nfts: ids.map((id) => nft(id)), pagination: { page: 1, limit: 100, total: ids.length, totalPages: 1 } });
const mint = { tokenId: 7, chainId: 31337, ownerType: "card" as const };

describe("a live mint in the cached Pix answers", () => {
  it("flips the Pix in a browse page, a list and a single answer, and nothing else", () => {
    const before = page([5, 7, 9]);
    const after = markMinted(before, mint);
    assert.notEqual(after, before);
    assert.deepEqual(
      after.nfts.map((n) => [n.tokenId, n.isMinted, n.mintedOnChain, n.ownerType]),
      [
        [5, false, null, null],
        [7, true, 31337, "card"],
        [9, false, null, null],
      ],
    );
    assert.equal(after.nfts[0], before.nfts[0], "other tiles keep their objects");
    assert.equal(markMinted([nft(7)], mint)[0]?.isMinted, true);
    assert.equal(markMinted(nft(7), mint).isMinted, true);
  });

  it("keeps the same objects when the Pix is not there or already minted (no render)", () => {
    const other = page([1, 2]);
    assert.equal(markMinted(other, mint), other);
    const list = [nft(7, true)];
    assert.equal(markMinted(list, mint), list, "a Pix already minted keeps its chain");
    for (const value of [undefined, null, 3, "x", { stats: 1 }]) assert.equal(markMinted(value, mint), value);
  });

  it("patches only the nfts queries of a query client", () => {
    const client = new QueryClient();
    client.setQueryData(["nfts", "available", 1, "all"], page([7]));
    client.setQueryData(["stats"], { minted: 0 });
    showMint(client, mint);
    assert.equal(client.getQueryData<AvailablePage>(["nfts", "available", 1, "all"])?.nfts[0]?.isMinted, true);
    assert.deepEqual(client.getQueryData(["stats"]), { minted: 0 });
  });

  it("reads only events of the contract's shapes", () => {
    const event = {
      id: "31337-5-0-abcdef01",
      kind: "mint",
      chainId: 31337,
      blockNumber: 5,
      txHash: "0x1",
      at: "2026-01-01T00:00:00.000Z",
      tokenId: 7,
      account: "0xA",
    };
    assert.deepEqual(parseActivityEvent(JSON.stringify(event)), event);
    assert.throws(() => parseActivityEvent(JSON.stringify({ ...event, kind: "burn" })), /activity event/);
    assert.throws(() => parseActivityEvent(JSON.stringify({ ...event, tokenId: "7" })), /activity event/);
    assert.throws(() => parseActivityEvent("not json"));
  });
});
