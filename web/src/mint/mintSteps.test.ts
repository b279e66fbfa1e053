import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mintButtonLabel, progressRows } from "./mintSteps.ts";

const shown = (happened: Parameters<typeof progressRows>[0]) => progressRows(happened).map((row) => `${row.state}:${row.step}`);

describe("mint progress shows only what happened", () => {
  it("shows nothing before the first step", () => {
    assert.deepEqual(shown([]), []);
  });

  it("while a wallet is being connected, nothing is done, and sign-in or a chain switch are not promised", () => {
    assert.deepEqual(shown(["connecting"]), [
      "current:connecting",
      "todo:authorizing",
      "todo:awaiting-signature",
      "todo:pending",
      "todo:confirmed",
      "todo:indexed",
    ]);
  });

  it("never shows a step a mint skipped (already signed in and on the chain)", () => {
    assert.deepEqual(shown(["authorizing", "awaiting-signature"]), [
      "done:authorizing",
      "current:awaiting-signature",
      "todo:pending",
      "todo:confirmed",
      "todo:indexed",
    ]);
  });

  it("marks the steps taken done, in order, and the last current", () => {
    assert.deepEqual(shown(["connecting", "signing-in", "switching", "authorizing"]), [
      "done:connecting",
      "done:signing-in",
      "done:switching",
      "current:authorizing",
      "todo:awaiting-signature",
      "todo:pending",
      "todo:confirmed",
      "todo:indexed",
    ]);
    assert.deepEqual(shown(["authorizing", "awaiting-signature", "pending", "confirmed", "indexed"]).at(-1), "done:indexed");
  });
});

describe("the mint button's words", () => {
  it('say "Minting..." only once a transaction is on its way', () => {
    assert.equal(mintButtonLabel(false, null), "Mint This Pix");
    for (const step of ["connecting", "signing-in", "switching", "authorizing", "awaiting-signature"] as const) {
      assert.notEqual(mintButtonLabel(true, step), "Minting...", step);
    }
    assert.equal(mintButtonLabel(true, null), "Starting...");
    assert.equal(mintButtonLabel(true, "connecting"), "Connecting wallet...");
    assert.equal(mintButtonLabel(true, "pending"), "Minting...");
    assert.equal(mintButtonLabel(true, "confirmed"), "Minting...");
  });
});
