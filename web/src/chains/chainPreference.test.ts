import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { chainToFollow, parseStoredChain, PREFERRED_CHAIN_KEY, readStoredChain, resolvePreferredChain, writeStoredChain } from "./chainPreference.ts";

const chains = [
  { chainId: 31337, primary: true },
  { chainId: 31338, primary: false },
];

describe("chain preference", () => {
  beforeEach(() => sessionStorage.clear());

  it("uses the stored choice when it is a chain we sell on", () => {
    assert.equal(resolvePreferredChain({ chains, stored: 31338, history: 31337 }), 31338);
  });

  it("falls back to the wallet's chain history, then to the primary chain", () => {
    assert.equal(resolvePreferredChain({ chains, stored: null, history: 31338 }), 31338);
    assert.equal(resolvePreferredChain({ chains, stored: 1, history: null }), 31337);
    assert.equal(resolvePreferredChain({ chains, stored: 11155111, history: 80002 }), 31337);
    const reversed = [
      { chainId: 31338, primary: false },
      { chainId: 31337, primary: true },
    ];
    assert.equal(resolvePreferredChain({ chains: reversed, stored: null, history: null }), 31337);
    assert.equal(resolvePreferredChain({ chains: [], stored: 31337, history: null }), undefined);
  });

  it("follows the wallet to a sold chain, not to others", () => {
    assert.equal(chainToFollow(chains, 31338, 31337), 31338);
    assert.equal(chainToFollow(chains, 31337, 31337), undefined);
    assert.equal(chainToFollow(chains, 1, 31337), undefined);
    assert.equal(chainToFollow(chains, undefined, 31337), undefined);
  });

  it("stores the choice under preferredChain and reads back only valid ids", () => {
    assert.equal(PREFERRED_CHAIN_KEY, "preferredChain");
    assert.equal(readStoredChain(sessionStorage), null);
    writeStoredChain(sessionStorage, 31338);
    assert.equal(sessionStorage.getItem("preferredChain"), "31338");
    assert.equal(readStoredChain(sessionStorage), 31338);
    for (const bad of ["", "abc", "0", "-1", "1.5", "0x7a69"]) assert.equal(parseStoredChain(bad), null, bad);
    assert.equal(readStoredChain(undefined), null);
  });
});
