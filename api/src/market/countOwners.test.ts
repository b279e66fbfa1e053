import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { MintedToken } from "../indexer/indexerReader.ts";
import { countOwners, heldForBuyers } from "./countOwners.ts";
import type { MintedIndex } from "./tokenMirror.ts";

const CUSTODY = "0xc0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0";
const ALICE = "0xA11CE00000000000000000000000000000000001";
const BOB = "0xB0B0000000000000000000000000000000000002";

function stateOf(tokens: [tokenId: number, chainId: number, owner: string][], buyers: [tokenId: number, userId: number][]) {
  const byToken = new Map<number, MintedToken>(tokens.map(([tokenId, chainId, owner]) => [tokenId, { tokenId, chainId, owner: owner as `0x${string}` }]));
  const minted: MintedIndex = { stamp: 1, byToken, byOwner: new Map() };
  return {
    minted,
    custody: { address: CUSTODY, chainId: 31337 },
    cardBuyers: new Map(buyers.map(([tokenId, userId]) => [tokenId, { userId, token: `t${tokenId}` }])),
  };
}

describe("the Owners stat", () => {
  it("counts each card buyer as an owner, never the custody address", () => {
    // Three people bought by card: custody holds all their Pix.
    const state = stateOf(
      [
        [1, 31337, CUSTODY],
        [2, 31337, CUSTODY],
        [3, 31337, CUSTODY],
        [4, 31337, CUSTODY],
      ],
      [
        [1, 10],
        [2, 11],
        [3, 12],
        [4, 12],
      ],
    );
    assert.equal(countOwners(state, new Map()), 3);
    assert.deepEqual(heldForBuyers(state).sort(), [10, 11, 12]);
  });

  it("counts wallets across chains once, the shop once when custody holds a Pix for nobody, and a buyer whose linked wallet holds a Pix once", () => {
    const state = stateOf(
      [
        [1, 31337, ALICE],
        [2, 31338, ALICE.toLowerCase()],
        [3, 31337, BOB],
        [4, 31337, CUSTODY],
        [5, 31337, CUSTODY],
        // The custody address on another chain is not custody: an ordinary holder.
        [6, 31338, CUSTODY],
      ],
      [[4, 20]],
    );
    // alice, bob, the custody address on 31338, buyer 20, and the shop (Pix 5, held for nobody).
    assert.equal(countOwners(state, new Map()), 5);
    assert.equal(countOwners(state, new Map([[20, [BOB.toLowerCase()]]])), 4);
  });

  it("is 0 with nothing minted", () => {
    assert.equal(countOwners(stateOf([], []), new Map()), 0);
  });
});
