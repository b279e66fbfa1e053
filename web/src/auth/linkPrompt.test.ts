import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isWalletLinked, shouldShowLinkPrompt } from "./linkPrompt.ts";

const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const google = { hasGoogle: true, linkedWallets: [] as string[], linkingDismissed: false };
const walletOnly = { hasGoogle: false, linkedWallets: [OTHER], linkingDismissed: false };

describe("link prompt (spec: logged in, wallet connected, stored wallet missing or different, not dismissed)", () => {
  it("shows for a Google user whose connected wallet is not linked (none stored, or another one)", () => {
    assert.equal(shouldShowLinkPrompt(google, WALLET), true);
    assert.equal(shouldShowLinkPrompt({ ...google, linkedWallets: [OTHER] }, WALLET), true);
  });

  it("shows for a wallet-only (SIWE) user whose wallet app now has another account connected", () => {
    assert.equal(shouldShowLinkPrompt(walletOnly, WALLET), true);
  });

  it("stays hidden for a wallet-only user with its own wallet connected, whatever its letter case", () => {
    assert.equal(shouldShowLinkPrompt(walletOnly, OTHER), false);
    assert.equal(shouldShowLinkPrompt(walletOnly, OTHER.toLowerCase()), false);
  });

  it("stays hidden when signed out, with no wallet, or after Maybe Later", () => {
    assert.equal(shouldShowLinkPrompt(null, WALLET), false);
    assert.equal(shouldShowLinkPrompt(undefined, WALLET), false);
    assert.equal(shouldShowLinkPrompt(google, undefined), false);
    assert.equal(shouldShowLinkPrompt({ ...google, linkingDismissed: true }, WALLET), false);
    assert.equal(shouldShowLinkPrompt({ ...walletOnly, linkingDismissed: true }, WALLET), false);
  });

  it("stays hidden when the wallet is already linked, whatever its letter case", () => {
    assert.equal(shouldShowLinkPrompt({ ...google, linkedWallets: [WALLET] }, WALLET.toLowerCase()), false);
    assert.equal(shouldShowLinkPrompt({ ...google, linkedWallets: [OTHER, WALLET.toLowerCase()] }, WALLET), false);
    assert.equal(isWalletLinked({ linkedWallets: [WALLET.toUpperCase().replace("0X", "0x")] }, WALLET), true);
  });
});
