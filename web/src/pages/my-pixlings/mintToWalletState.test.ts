import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mintToWalletState } from "./mintToWalletState.ts";

const NOW = new Date("2030-01-02T00:00:00.000Z");
const LINKED = "0x00000000000000000000000000000000000000Aa";
const OTHER = "0x00000000000000000000000000000000000000bb";
const open = { frozen: null, transferableFrom: null };
const user = (...linkedWallets: string[]) => ({ linkedWallets });

describe("Mint to Wallet on a Pix custody holds", () => {
  it("is shut while frozen, saying why, whatever else holds", () => {
    const frozen = { reason: "The card payment is disputed", forGood: false };
    const state = mintToWalletState({ frozen, transferableFrom: "2030-01-05T00:00:00.000Z" }, user(LINKED), LINKED, NOW);
    assert.deepEqual([state.block, state.ready], [{ kind: "frozen", ...frozen }, false]);
  });

  it("is shut until the cooling-off ends, and not after", () => {
    const until = "2030-01-04T00:00:00.000Z";
    assert.deepEqual(mintToWalletState({ frozen: null, transferableFrom: until }, user(LINKED), undefined, NOW), {
      block: { kind: "hold", until },
      target: { kind: "wallet", to: LINKED, linked: true },
      ready: false,
    });
    assert.equal(mintToWalletState({ frozen: null, transferableFrom: "2030-01-01T23:59:59.000Z" }, user(LINKED), undefined, NOW).ready, true);
  });

  it("needs a wallet when none is linked or connected, also during the cooling-off (linking can come first)", () => {
    assert.deepEqual(mintToWalletState(open, user(), undefined, NOW), { block: null, target: { kind: "none" }, ready: false });
    const held = mintToWalletState({ frozen: null, transferableFrom: "2030-01-04T00:00:00.000Z" }, user(), undefined, NOW);
    assert.deepEqual([held.block?.kind, held.target.kind], ["hold", "none"]);
  });

  it("mints to the connected wallet (linked first if it is not), else to the first linked one", () => {
    assert.deepEqual(mintToWalletState(open, user(LINKED), LINKED.toLowerCase(), NOW).target, { kind: "wallet", to: LINKED.toLowerCase(), linked: true });
    assert.deepEqual(mintToWalletState(open, user(LINKED), OTHER, NOW).target, { kind: "wallet", to: OTHER, linked: false });
    assert.deepEqual(mintToWalletState(open, user(), OTHER, NOW), { block: null, target: { kind: "wallet", to: OTHER, linked: false }, ready: true });
    assert.deepEqual(mintToWalletState(open, user(LINKED, OTHER), undefined, NOW).target, { kind: "wallet", to: LINKED, linked: true });
  });
});
